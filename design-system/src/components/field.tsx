import * as React from 'react';
import { cn } from '../lib/cn.ts';

/**
 * Shared parts of every form field: a visible label, an optional hint and an inline error with a
 * visually hidden, translated prefix ("Error:"). Used by TextField, SelectField, MultiSelect...
 * Field components take their wiring from `useFieldWiring` (label + hint + error) or
 * `useHintWiring` (label + hint, no inline error).
 */

const inputBase =
  'block min-h-11 rounded-control border-2 border-border bg-background px-3 text-foreground ' +
  'focus-ring placeholder:text-muted-foreground aria-invalid:border-error ' +
  'disabled:cursor-not-allowed disabled:border-border-subtle disabled:bg-surface disabled:text-muted-foreground ' +
  'read-only:bg-surface';

const inputWidths = { full: 'w-full', fit: 'w-auto max-w-full', short: 'w-32' } as const;
export type InputWidth = keyof typeof inputWidths;
export type InputTextSize = 'text-body' | 'text-lead';

/**
 * A text control's classes: the whole width, body text and the usual height unless the control
 * needs otherwise (a select as wide as its options, a code in larger digits).
 */
export function inputClasses({
  width = 'full',
  text = 'text-body',
  paddingY = 'py-2',
}: { width?: InputWidth; text?: InputTextSize; paddingY?: 'py-1' | 'py-2' } = {}) {
  return `${inputBase} ${inputWidths[width]} ${text} ${paddingY}`;
}

/** Joins the ids that describe a control, ignoring empty ones. */
export function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const list = ids.filter(Boolean);
  return list.length > 0 ? list.join(' ') : undefined;
}

export function useFieldId(id?: string): string {
  const generated = React.useId();
  return id ?? generated;
}

export function fieldIds(id: string): { hint: string; error: string } {
  return { hint: `${id}-hint`, error: `${id}-error` };
}

export type FieldLabelProps = React.ComponentProps<'label'> & {
  /** Shown after the label, e.g. "(optional)". */
  optionalText?: string;
};

export function FieldLabel({ className, optionalText, children, ...props }: FieldLabelProps) {
  return (
    <label
      data-slot="field-label"
      className={cn('block text-body font-semibold text-foreground', className)}
      {...props}
    >
      {children}
      {optionalText ? (
        <span className="font-normal text-muted-foreground"> {optionalText}</span>
      ) : null}
    </label>
  );
}

export function FieldHint({ className, ...props }: React.ComponentProps<'p'>) {
  return (
    <p
      data-slot="field-hint"
      className={cn('text-small text-muted-foreground', className)}
      {...props}
    />
  );
}

export type FieldErrorProps = React.ComponentProps<'p'> & {
  /** Visually hidden, translated prefix read before the message, e.g. "Error:". */
  prefix: string;
};

export function FieldError({ className, prefix, children, ...props }: FieldErrorProps) {
  return (
    <p
      data-slot="field-error"
      className={cn('text-body font-semibold text-error-text', className)}
      {...props}
    >
      <span className="sr-only">{prefix}</span> {children}
    </p>
  );
}

/** Text props every labelled field takes. All text comes from the app (translated). */
export type FieldTextProps = {
  /** Visible label of the control. */
  label: React.ReactNode;
  /** Help text under the label, read with the control. */
  hint?: React.ReactNode;
  /** Inline error message; when set the control gets aria-invalid and is described by it. */
  error?: React.ReactNode;
  /** Translated visually hidden prefix for the error, e.g. "Error:". */
  errorPrefix: string;
  /** E.g. "(optional)"; shown after the label. */
  optionalText?: string;
};

export type FieldProps = FieldTextProps & {
  /** The control's id; the label, hint and error are tied to it. */
  id: string;
  /** Class for the wrapper. */
  className?: string;
  /** The control, given fieldControlProps(id, …). */
  children: React.ReactNode;
};

/** Layout wrapper: label, hint, error, then the control (GOV.UK order). */
export function Field({
  id,
  label,
  hint,
  error,
  errorPrefix,
  optionalText,
  className,
  children,
}: FieldProps) {
  const ids = fieldIds(id);
  return (
    <div
      data-slot="field"
      data-invalid={error ? '' : undefined}
      className={cn(
        // min-w-0: in a row of fields (flex or grid) it may be narrower than its longest option
        'flex min-w-0 flex-col gap-1.5',
        error ? 'border-l-4 border-error pl-3' : undefined,
        className,
      )}
    >
      <FieldLabel htmlFor={id} optionalText={optionalText}>
        {label}
      </FieldLabel>
      {hint ? <FieldHint id={ids.hint}>{hint}</FieldHint> : null}
      {error ? (
        <FieldError id={ids.error} prefix={errorPrefix}>
          {error}
        </FieldError>
      ) : null}
      {children}
    </div>
  );
}

/** aria attributes a control inside <Field> needs. */
export function fieldControlProps(
  id: string,
  { hint, error }: { hint?: React.ReactNode; error?: React.ReactNode },
  extraDescribedBy?: string,
): { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined } {
  const ids = fieldIds(id);
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(
      hint ? ids.hint : null,
      error ? ids.error : null,
      extraDescribedBy,
    ),
  };
}

/** Props a labelled field component takes besides its control's own props. */
export type FieldWiringProps = FieldTextProps & {
  id?: string;
  /** Class for the wrapper (label + hint + error + control). */
  containerClassName?: string;
  'aria-describedby'?: string;
};

/**
 * Splits a field component's props into what <Field> renders (label, hint, error), the id/aria
 * props for the control, and the rest (to spread on the control before `controlProps`).
 */
export function useFieldWiring<P extends FieldWiringProps>({
  id: idProp,
  label,
  hint,
  error,
  errorPrefix,
  optionalText,
  containerClassName,
  'aria-describedby': ariaDescribedBy,
  ...rest
}: P) {
  const id = useFieldId(idProp);
  const fieldProps: Omit<FieldProps, 'children'> = {
    id,
    label,
    hint,
    error,
    errorPrefix,
    optionalText,
    className: containerClassName,
  };
  return {
    id,
    fieldProps,
    controlProps: fieldControlProps(id, { hint, error }, ariaDescribedBy),
    rest,
  };
}

/** Id, hint id and aria-describedby for a labelled control with an optional hint and no error. */
export function useHintWiring(
  idProp: string | undefined,
  hint: React.ReactNode,
  ariaDescribedBy?: string,
): { id: string; hintId: string; describedBy: string | undefined } {
  const id = useFieldId(idProp);
  const hintId = fieldIds(id).hint;
  return { id, hintId, describedBy: describedBy(hint ? hintId : null, ariaDescribedBy) };
}
