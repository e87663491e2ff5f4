import type * as React from 'react';
import { cn } from '../lib/cn.ts';
import { formatEuros, type Locale } from '../lib/format.ts';

export type TotalBarProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** E.g. "Total selected". */
  label: string;
  /** Sum in euros; shown rounded to 2 decimals. */
  amount: number;
  /** Language the amount is formatted in (es, en or gl). */
  locale: Locale;
};

/** "Total selected: 37,50 €", announced politely when the sum changes. */
export function TotalBar({ label, amount, locale, className, ...props }: TotalBarProps) {
  return (
    <div
      data-slot="total-bar"
      aria-live="polite"
      aria-atomic="true"
      className={cn(
        'flex flex-wrap items-baseline justify-between gap-2 rounded-panel bg-surface px-4 py-3',
        className,
      )}
      {...props}
    >
      <span className="text-body font-semibold">{label}</span>
      <span data-slot="total-bar-amount" className="text-heading font-bold tabular-nums">
        {formatEuros(amount, locale)}
      </span>
    </div>
  );
}
