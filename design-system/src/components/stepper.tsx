import type * as React from 'react';
import { cn } from '../lib/cn.ts';

export type StepperStep = { id: string; label: React.ReactNode };

export type StepperProps = Omit<React.ComponentProps<'ol'>, 'children'> & {
  /** The steps in order, each with its label. */
  steps: readonly StepperStep[];
  /** Index (0-based) of the current step; earlier steps show as done. */
  currentIndex: number;
  /** Accessible name of the list, e.g. "Registration steps". */
  label: string;
  /** Optional sr-only suffix for finished steps, e.g. "(completed)". */
  completedText?: string;
};

/** Ordered list of steps; the current one has aria-current="step". */
export function Stepper({
  steps,
  currentIndex,
  label,
  completedText,
  className,
  ...props
}: StepperProps) {
  return (
    <ol
      data-slot="stepper"
      aria-label={label}
      className={cn('flex flex-wrap gap-x-6 gap-y-3 max-narrow:flex-col', className)}
      {...props}
    >
      {steps.map((step, index) => {
        const state =
          index < currentIndex ? 'complete' : index === currentIndex ? 'current' : 'upcoming';
        return (
          <li
            key={step.id}
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
            className="flex items-center gap-2 text-body"
          >
            <span
              aria-hidden="true"
              className={cn(
                'inline-flex size-8 shrink-0 items-center justify-center rounded-full border-2 font-bold tabular-nums',
                state === 'current' && 'border-primary bg-primary text-primary-foreground',
                state === 'complete' && 'border-success bg-success text-success-foreground',
                state === 'upcoming' && 'border-border bg-background text-muted-foreground',
              )}
            >
              {state === 'complete' ? '✓' : index + 1}
            </span>
            <span
              className={cn(
                state === 'current' ? 'font-bold text-foreground' : 'text-muted-foreground',
              )}
            >
              {step.label}
              {state === 'complete' && completedText ? (
                <span className="sr-only"> {completedText}</span>
              ) : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
