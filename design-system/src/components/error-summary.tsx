import * as React from 'react';
import { cn } from '../lib/cn.ts';

export type ErrorSummaryItem = {
  /** id of the field to jump to (the <input>/<select> id). */
  fieldId: string;
  message: React.ReactNode;
};

export type ErrorSummaryProps = Omit<React.ComponentProps<'div'>, 'title' | 'children'> & {
  /** E.g. "There is a problem". */
  title: React.ReactNode;
  /** One link per error, to its field's id, in the form's order. */
  errors: readonly ErrorSummaryItem[];
  /** Text shown under the title, e.g. for a server error without a field. */
  description?: React.ReactNode;
  /** Take focus when it appears (default true), so keyboard and screen-reader users land on it. */
  autoFocus?: boolean;
};

/**
 * GOV.UK-style error summary placed at the top of a form after a failed submit. It focuses
 * itself when mounted; each link moves focus to its field. Re-mount it (key) to re-focus after
 * another failed submit.
 */
export function ErrorSummary({
  title,
  errors,
  description,
  autoFocus = true,
  className,
  ...props
}: ErrorSummaryProps) {
  const ref = React.useRef<HTMLDivElement>(null);
  const titleId = React.useId();

  React.useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);

  return (
    <div
      ref={ref}
      data-slot="error-summary"
      role="alert"
      aria-labelledby={titleId}
      tabIndex={-1}
      className={cn(
        'flex flex-col gap-3 rounded-panel border-4 border-error bg-background p-4 focus-ring',
        className,
      )}
      {...props}
    >
      <h2 id={titleId} className="text-heading font-bold text-foreground">
        {title}
      </h2>
      {description ? <div className="text-body">{description}</div> : null}
      {errors.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {errors.map((error) => (
            <li key={error.fieldId}>
              <a
                href={`#${error.fieldId}`}
                className="rounded-sm font-semibold text-error-text underline underline-offset-4 focus-ring hover:decoration-2"
                onClick={(event) => {
                  const field = document.getElementById(error.fieldId);
                  if (!field) return;
                  event.preventDefault();
                  field.focus();
                  field.scrollIntoView({ block: 'center' });
                }}
              >
                {error.message}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
