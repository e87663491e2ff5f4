import * as React from 'react';
import { cn } from '../lib/cn.ts';
import { formatEuros, type Locale } from '../lib/format.ts';
import { Button } from './button.tsx';
import { CheckboxField } from './checkbox.tsx';

export type PayBarProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  locale: Locale;
  /** Amount to pay in euros (shown when not disabled). */
  amount: number;
  /** E.g. "Amount to pay". */
  amountLabel: string;
  /** Button text, e.g. "Pay by card". */
  payLabel: string;
  onPay: () => void;
  /** Payment not possible; the button stays focusable (aria-disabled) and explains why. */
  disabled?: boolean;
  /** Why it is disabled, e.g. "Select at least one activity" or "The payment deadline has passed". */
  disabledReason?: React.ReactNode;
  /** Payment request in flight. */
  loading?: boolean;
  /** Show the reduction checkbox (the app decides: global discount > 0). */
  discountAvailable: boolean;
  /** E.g. "Apply the reduction (50%)". Required only when discountAvailable. */
  discountLabel?: string;
  discountHint?: React.ReactNode;
  discountChecked?: boolean;
  /** Ticking should open the DiscountModal; the app sets discountChecked after it. */
  onDiscountChange?: (checked: boolean) => void;
};

/** Amount (or the reason it cannot be paid), optional reduction checkbox and the pay button. */
export function PayBar({
  locale,
  amount,
  amountLabel,
  payLabel,
  onPay,
  disabled = false,
  disabledReason,
  loading = false,
  discountAvailable,
  discountLabel,
  discountHint,
  discountChecked = false,
  onDiscountChange,
  className,
  ...props
}: PayBarProps) {
  const reasonId = React.useId();
  return (
    <div
      data-slot="pay-bar"
      data-disabled={disabled ? '' : undefined}
      className={cn(
        'flex flex-col gap-4 rounded-panel border-2 border-primary bg-background p-4',
        className,
      )}
      {...props}
    >
      {discountAvailable ? (
        <CheckboxField
          label={discountLabel ?? ''}
          hint={discountHint}
          checked={discountChecked}
          disabled={disabled}
          onCheckedChange={(value) => onDiscountChange?.(value === true)}
        />
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-4 max-narrow:flex-col max-narrow:items-stretch">
        <p aria-live="polite" aria-atomic="true" className="text-body">
          {disabled ? (
            <span id={reasonId} data-slot="pay-bar-reason" className="font-semibold">
              {disabledReason}
            </span>
          ) : (
            <>
              <span>{amountLabel} </span>
              <strong data-slot="pay-bar-amount" className="text-heading tabular-nums">
                {formatEuros(amount, locale)}
              </strong>
            </>
          )}
        </p>
        <Button
          type="button"
          size="lg"
          loading={loading}
          aria-disabled={disabled || undefined}
          aria-describedby={disabled && disabledReason ? reasonId : undefined}
          onClick={() => {
            if (!disabled && !loading) onPay();
          }}
        >
          {payLabel}
        </Button>
      </div>
    </div>
  );
}
