import { ErrorSummary } from '@portal/design-system/components/error-summary.tsx';
import type { FieldErrors } from '../rules';
import { useFormatMsg, useT, type Msg } from './messages';

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

/**
 * GOV.UK error summary: the form-level message, then a link to each field with an error (in the
 * order of `order`). It takes focus when shown.
 */
export function FormErrorSummary<F extends string>({
  state,
  order,
  fieldId,
}: {
  state: FormErrorState<F>;
  order: readonly F[];
  fieldId: (field: F) => string;
}) {
  const t = useT();
  const format = useFormatMsg();
  if (!hasErrors(state)) return null;
  const errors = order.flatMap((field) => {
    const id = state.fields[field];
    return id ? [{ fieldId: fieldId(field), message: t(id) }] : [];
  });
  return (
    <ErrorSummary
      key={state.attempt}
      title={t('admin.common.errorSummaryTitle')}
      description={state.summary ? format(state.summary) : undefined}
      errors={errors}
    />
  );
}
