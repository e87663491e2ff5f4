import * as React from 'react';
import { cn } from '../lib/cn.ts';
import { formatEuros, type Locale } from '../lib/format.ts';
import { Button } from './button.tsx';
import { CheckboxField } from './checkbox.tsx';

/** One way to pay offered in the pay bar's choice (e.g. card, Bizum). */
export interface PayMethodOption {
  /** Sent back through onMethodChange, e.g. "card" or "bizum". */
  value: string;
  /** Its visible name, e.g. "Tarjeta". */
  label: string;
}

export type PayBarProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** Language the amount is formatted in (es, en, gl). */
  locale: Locale;
  /** Amount to pay in euros (shown when not disabled). */
  amount: number;
  /** E.g. "Amount to pay". */
  amountLabel: string;
  /** Button text, e.g. "Pay by card". */
  payLabel: string;
  /** Called when the pay button is pressed while payment is possible and not loading. */
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
  /** Help under the reduction checkbox, e.g. who may tick it. */
  discountHint?: React.ReactNode;
  /** Whether the reduction checkbox is ticked (controlled by the app). */
  discountChecked?: boolean;
  /** Ticking should open the DiscountModal; the app sets discountChecked after it. */
  onDiscountChange?: (checked: boolean) => void;
  /**
   * Ways to pay to choose from, as a radio group above the button; with fewer than two the bar
   * shows no choice (exactly as with card only).
   */
  methods?: readonly PayMethodOption[];
  /** The chosen method's value (controlled); the first method when left out. */
  method?: string;
  /** Called with the value of the method chosen (click, or arrow keys inside the group). */
  onMethodChange?: (value: string) => void;
  /** The radio group's visible name, e.g. "Forma de pago". Required only with methods. */
  methodLegend?: string;
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
  methods = [],
  method,
  onMethodChange,
  methodLegend,
  className,
  ...props
}: PayBarProps) {
  const reasonId = React.useId();
  const methodName = React.useId();
  const chosen = method ?? methods[0]?.value;
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
      {methods.length > 1 ? (
        // native radios: one Tab stop, arrow keys move and choose, labels click, screen readers
        // announce "1 of 2"
        <fieldset data-slot="pay-bar-methods" className="flex min-w-0 flex-col gap-2">
          <legend className="mb-2 text-body font-semibold">{methodLegend}</legend>
          <div className="flex flex-wrap gap-3">
            {methods.map((option) => (
              <label
                key={option.value}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-control border-2 border-border px-4 py-2 text-body has-[:checked]:border-primary has-[:checked]:bg-primary-surface has-[:checked]:font-semibold"
              >
                <input
                  type="radio"
                  name={methodName}
                  value={option.value}
                  checked={chosen === option.value}
                  disabled={loading}
                  onChange={() => onMethodChange?.(option.value)}
                  className="focus-ring size-5 accent-primary"
                />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>
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
