import { Alert } from '@portal/design-system/components/alert.tsx';
import { formatEuros } from '@portal/design-system/lib/format.ts';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '../../../i18n/i18n-provider';
import { differenceLines, rowId, type UserActivity } from '../rules';

/**
 * Paid fees whose family discount is no longer earned (the member whose paid fee earned it was
 * refunded or left): what is pending for the family, with the server's reason. Each is also a
 * pending line of its own, ticked and paid online like a fee.
 */
export function FamilyDifferences({ rows }: { rows: readonly UserActivity[] }) {
  const { locale } = useLocale();
  // one per fee (a fee in parts has a paid line per part, each naming it)
  const pending = differenceLines(rows);
  if (pending.length === 0) return null;
  return (
    <Alert variant="info" data-slot="family-differences">
      <p className="font-semibold">
        <FormattedMessage id="dashboard.familyDifference.heading" />
      </p>
      <ul className="list-disc pl-5">
        {pending.map((row) => (
          <li key={rowId(row)}>
            <FormattedMessage
              id="dashboard.familyDifference.line"
              values={{
                amount: formatEuros(row.family_difference!.amount, locale),
                activity: row.name,
                reason: row.family_difference!.reason,
              }}
            />
          </li>
        ))}
      </ul>
      <p>
        <FormattedMessage id="dashboard.familyDifference.how" />
      </p>
    </Alert>
  );
}
