import { ErrorSummary } from '@portal/design-system/components/error-summary.tsx';
import { useIntl } from 'react-intl';
import type { FieldErrors } from '../validation';

interface FormErrorSummaryProps<F extends string> {
  /** Field errors as message ids, in the order of the form. */
  errors: FieldErrors<F>;
  /** The DOM id of each field's control, for the summary's links. */
  fieldIds: Record<F, string>;
  /** A message without a field (the server's answer), already translated. */
  problem?: string | null;
  /** Changes on every failed submit, so the summary mounts again and takes focus. */
  attempt: number;
}

/** GOV.UK error summary: "There is a problem", the server message, then links to each field. */
export function FormErrorSummary<F extends string>({
  errors,
  fieldIds,
  problem,
  attempt,
}: FormErrorSummaryProps<F>) {
  const intl = useIntl();
  const items = (Object.keys(fieldIds) as F[])
    .filter((field) => errors[field])
    .map((field) => ({
      fieldId: fieldIds[field],
      message: intl.formatMessage({ id: errors[field] }),
    }));
  if (items.length === 0 && !problem) return null;
  return (
    <ErrorSummary
      key={attempt}
      className="mb-6"
      title={intl.formatMessage({ id: 'auth.error.summaryTitle' })}
      description={problem ?? undefined}
      errors={items}
    />
  );
}
