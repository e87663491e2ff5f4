import { formatEuros } from '@portal/design-system/lib/format.ts';
import { useLocale } from '../../../i18n/i18n-provider';
import { useT } from '../components/messages';
import type { Enrolment } from '../api/enrolments';

type EnrolledActivity = Enrolment['activities'][number];

/** What is paid of one enrolled fee and what is still to pay (and, in parts, how many are paid). */
function feeStatus(
  activity: EnrolledActivity,
  t: ReturnType<typeof useT>,
  euros: (amount: number) => string,
): string {
  const parts = activity.parts
    ? ` · ${t('admin.enrolments.fee.parts', { paid: activity.parts.paid, of: activity.parts.of })}`
    : '';
  if (activity.is_paid) return t('admin.enrolments.fee.paid', { paid: euros(activity.paid) });
  if (activity.to_pay === null)
    return t('admin.enrolments.fee.paidSoFar', { paid: euros(activity.paid) }) + parts;
  return (
    t('admin.enrolments.fee.toPay', { paid: euros(activity.paid), toPay: euros(activity.to_pay) }) +
    parts
  );
}

/** An enrolment's activities, each with what is paid of its fee and what is still to pay. */
export function EnrolmentFees({ activities }: { activities: readonly EnrolledActivity[] }) {
  const t = useT();
  const { locale } = useLocale();
  const euros = (amount: number) => formatEuros(amount, locale);
  if (activities.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1">
      {activities.map((activity) => (
        <li key={activity.id}>
          {activity.name}
          <span className="block text-small text-muted-foreground">
            {feeStatus(activity, t, euros)}
          </span>
        </li>
      ))}
    </ul>
  );
}
