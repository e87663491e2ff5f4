import type { ComponentProps } from 'react';
import type { FieldErrors } from '../../../lib/forms/field-errors';
import type { FormErrorSummary } from '../../../lib/forms/form-error-summary';
import type { Msg } from './messages';

export interface FormErrorState<F extends string> {
  fields: FieldErrors<F>;
  /** Form-level message: a rule's summary or the server's answer. */
  summary: Msg | null;
  /** Bumped on every failed submit, so the summary re-mounts and takes focus again. */
  attempt: number;
}

export function noErrors<F extends string>(): FormErrorState<F> {
  return { fields: {}, summary: null, attempt: 0 };
}

export function hasErrors<F extends string>(state: FormErrorState<F>): boolean {
  return state.summary !== null || Object.keys(state.fields).length > 0;
}

/** What the shared error summary shows for a section's form state, fields in `order`. */
export function summaryProps<F extends string>(
  state: FormErrorState<F>,
  order: readonly F[],
  fieldId: (field: F) => string,
  format: (message: Msg) => string,
): ComponentProps<typeof FormErrorSummary<F>> {
  return {
    errors: state.fields,
    fieldIds: Object.fromEntries(order.map((field) => [field, fieldId(field)])) as Record<
      F,
      string
    >,
    problem: state.summary ? format(state.summary) : null,
    attempt: state.attempt,
  };
}
