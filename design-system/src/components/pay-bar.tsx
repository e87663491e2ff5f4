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

/** One line of what the amount pays, e.g. a part of a fee in parts. */
export interface PayBarLine {
  /** Stable key of the line (the app's row id). */
  id: string;
  /** What it is, e.g. "Escola de natación". */
  label: string;
  /** Beside the label, e.g. "1.º plazo de 2". */
  detail?: string;
  /** Its amount in euros. */
  amount: number;
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
  /**
   * What the amount pays, listed above it (e.g. the parts of a fee paid in parts, each with its
   * amount); none listed when left out or empty.
   */
  lines?: readonly PayBarLine[];
  /** The list's visible name, e.g. "Qué pagas". Required only with lines. */
  linesLabel?: string;
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
  lines = [],
  linesLabel,
  className,
  ...props
}: PayBarProps) {
  const reasonId = React.useId();
  const methodName = React.useId();
  const linesId = React.useId();
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
      {lines.length > 0 ? (
        <div data-slot="pay-bar-lines" className="flex flex-col gap-2">
          <p id={linesId} className="text-body font-semibold">
            {linesLabel}
          </p>
          <ul aria-labelledby={linesId} className="flex flex-col gap-1">
            {lines.map((line) => (
              <li
                key={line.id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-border-subtle pb-1 text-body last:border-b-0"
              >
                <span>
                  {line.label}
                  {line.detail ? (
                    // "2.º plazo de 2" is one thing: it moves to the next line whole, never split
                    <span
                      data-slot="pay-bar-line-detail"
                      className="whitespace-nowrap text-muted-foreground"
                    >
                      {' '}
                      · {line.detail}
                    </span>
                  ) : null}
                </span>
                <span className="tabular-nums">{formatEuros(line.amount, locale)}</span>
              </li>
            ))}
          </ul>
        </div>
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
