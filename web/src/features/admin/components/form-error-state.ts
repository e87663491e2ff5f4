import type { ComponentProps } from 'react';
import type { FieldErrors } from '../../../lib/forms/field-errors';
import type { FormErrorSummary } from '../../../lib/forms/form-error-summary';
import type { Msg } from './messages';

export interface FormErrorState<F extends string> {
  fields: FieldErrors<F>;
  /**
   * Field errors that are more than a message id: a rule's message naming values ("ages 18 to
   * 20 have no price") or the server's own text for a field (a 422's item).
   */
  details?: Partial<Record<F, Msg>>;
  /** Form-level message: a rule's summary or the server's answer. */
  summary: Msg | null;
  /** Bumped on every failed submit, so the summary re-mounts and takes focus again. */
  attempt: number;
}

export function noErrors<F extends string>(): FormErrorState<F> {
  return { fields: {}, summary: null, attempt: 0 };
}

export function hasErrors<F extends string>(state: FormErrorState<F>): boolean {
  return (
    state.summary !== null ||
    Object.keys(state.fields).length > 0 ||
    Object.keys(state.details ?? {}).length > 0
  );
}

/** A field's error as the reader sees it: its rule's message, else its detail, else none. */
export function fieldError<F extends string>(
  state: FormErrorState<F>,
  field: F,
  format: (message: Msg) => string,
): string | undefined {
  const id = state.fields[field];
  if (id) return format({ id });
  const detail = state.details?.[field];
  return detail ? format(detail) : undefined;
}

/** What the shared error summary shows for a section's form state, fields in `order`. */
export function summaryProps<F extends string>(
  state: FormErrorState<F>,
  order: readonly F[],
  fieldId: (field: F) => string,
  format: (message: Msg) => string,
): ComponentProps<typeof FormErrorSummary<F>> {
  const details = state.details ?? {};
  return {
    errors: state.fields,
    fieldMessages: Object.fromEntries(
      (Object.entries(details) as [F, Msg][]).map(([field, msg]) => [field, format(msg)]),
    ) as Partial<Record<F, string>>,
    fieldIds: Object.fromEntries(order.map((field) => [field, fieldId(field)])) as Record<
      F,
      string
    >,
    problem: state.summary ? format(state.summary) : null,
    attempt: state.attempt,
  };
}
