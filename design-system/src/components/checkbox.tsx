import type * as React from 'react';
import { Checkbox as CheckboxPrimitive } from 'radix-ui';
import { cn } from '../lib/cn.ts';
import type { AsChildProp, DefaultCheckedProp, DisabledProp } from '../lib/documented-props.ts';
import { FieldHint, useHintWiring } from './field.tsx';

export type CheckboxProps = Omit<
  React.ComponentProps<typeof CheckboxPrimitive.Root>,
  'asChild' | 'disabled' | 'defaultChecked'
> &
  AsChildProp &
  DisabledProp &
  DefaultCheckedProp;

/**
 * Radix checkbox (role="checkbox"). Needs a name: wrap it in CheckboxField, or pass aria-label /
 * aria-labelledby (e.g. a row checkbox in a table).
 */
export function Checkbox({ className, ...props }: CheckboxProps) {
  return (
    <CheckboxPrimitive.Root
      data-slot="checkbox"
      className={cn(
        'peer inline-flex size-6 shrink-0 cursor-pointer items-center justify-center rounded-sm border-2 border-border bg-background',
        'focus-ring data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground',
        'disabled:cursor-not-allowed disabled:border-border-subtle disabled:bg-surface disabled:opacity-70',
        'aria-invalid:border-error',
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator data-slot="checkbox-indicator" className="flex">
        <svg
          aria-hidden="true"
          focusable="false"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
        >
          <path
            d="M5 12.5l4.5 4.5L19 7.5"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}

export type CheckboxFieldProps = Omit<CheckboxProps, 'children'> & {
  /** Visible label; clicking it toggles the box. */
  label: React.ReactNode;
  /** Help text under the label, read with the checkbox. */
  hint?: React.ReactNode;
  /** Class for the wrapper (box + label + hint). */
  containerClassName?: string;
};

/** Checkbox with its visible label (and optional hint) to the right. */
export function CheckboxField({
  id: idProp,
  label,
  hint,
  containerClassName,
  'aria-describedby': ariaDescribedBy,
  ...props
}: CheckboxFieldProps) {
  const { id, hintId, describedBy } = useHintWiring(idProp, hint, ariaDescribedBy);
  return (
    <div data-slot="checkbox-field" className={cn('flex items-start gap-3', containerClassName)}>
      <Checkbox id={id} aria-describedby={describedBy} className="mt-0.5" {...props} />
      <div className="flex flex-col gap-0.5">
        <label
          htmlFor={id}
          className="cursor-pointer text-body text-foreground peer-disabled:cursor-not-allowed"
        >
          {label}
        </label>
        {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      </div>
    </div>
  );
}
