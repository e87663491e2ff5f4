import type * as React from 'react';
import { cn } from '../lib/cn.ts';
import type { DefaultValueProp, DisabledProp } from '../lib/documented-props.ts';
import { FieldHint, FieldLabel, inputClasses, useHintWiring } from './field.tsx';

export type SearchBoxProps = Omit<
  React.ComponentProps<'input'>,
  'type' | 'children' | 'disabled' | 'defaultValue'
> &
  DisabledProp &
  DefaultValueProp & {
    /** Visible label, e.g. "Search by name or DNI". */
    label: React.ReactNode;
    /** Help text under the label, e.g. what can be searched. */
    hint?: React.ReactNode;
    /** Class for the wrapper (label + hint + input). */
    containerClassName?: string;
  };

/** Labelled type="search" input (filtering as you type is up to the app). */
export function SearchBox({
  id: idProp,
  label,
  hint,
  containerClassName,
  className,
  'aria-describedby': ariaDescribedBy,
  ...props
}: SearchBoxProps) {
  const { id, hintId, describedBy } = useHintWiring(idProp, hint, ariaDescribedBy);
  return (
    <div data-slot="search-box" className={cn('flex flex-col gap-1.5', containerClassName)}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      <div className="relative">
        <svg
          aria-hidden="true"
          focusable="false"
          viewBox="0 0 24 24"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-4-4" strokeLinecap="round" />
        </svg>
        <input
          id={id}
          type="search"
          autoComplete="off"
          className={cn(inputClasses(), 'pl-10', className)}
          aria-describedby={describedBy}
          {...props}
        />
      </div>
    </div>
  );
}
