import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ErrorSummary } from '@portal/design-system/components/error-summary.tsx';
import type { FieldErrors } from './field-errors';

/**
 * The GOV.UK error summary every form shows above its fields: "There is a problem", the
 * form-level message, then a link to each field with an error, in the order of `fieldIds`. It
 * takes focus when shown, and again after each failed submit (`attempt` changes).
 */
export function FormErrorSummary<F extends string>({
  errors,
  fieldMessages,
  fieldIds,
  problem,
  attempt,
  className,
}: {
  /** Field errors as message ids. */
  errors: FieldErrors<F>;
  /**
   * Field errors already in the reader's language (a rule's message naming values, or the
   * server's 422 items), for fields without a message id in `errors`.
   */
  fieldMessages?: Partial<Record<F, string>>;
  /** The DOM id of each field's control, in the order of the form. */
  fieldIds: Partial<Record<F, string>>;
  /** A message without a field (a rule's summary or the server's answer), already translated. */
  problem?: ReactNode;
  attempt: number;
  className?: string;
}) {
  const intl = useIntl();
  const items = (Object.keys(fieldIds) as F[]).flatMap((field) => {
    const id = errors[field];
    const fieldId = fieldIds[field];
    const message = id ? intl.formatMessage({ id }) : fieldMessages?.[field];
    return message && fieldId ? [{ fieldId, message }] : [];
  });
  if (items.length === 0 && !problem) return null;
  return (
    <ErrorSummary
      key={attempt}
      className={className}
      title={intl.formatMessage({ id: 'app.errorSummaryTitle' })}
      description={problem ?? undefined}
      errors={items}
    />
  );
}
