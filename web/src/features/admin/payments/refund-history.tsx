import { formatEuros, intlLocale, TIME_ZONE } from '@portal/design-system/lib/format.ts';
import { useLocale } from '../../../i18n/i18n-provider';
import type { AdminPayment } from '../api/payments';
import { useT } from '../components/messages';

/** A payment's refunds, oldest first: when, how much, the outcome and the gateway's code, why, who. */
export function RefundHistory({ payment }: { payment: AdminPayment }) {
  const t = useT();
  const { locale } = useLocale();
  const when = new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: TIME_ZONE,
  });
  return (
    <details className="text-small">
      <summary className="cursor-pointer font-semibold focus-ring">
        {t('admin.payments.refunds.summary', { count: payment.refunds.length })}
      </summary>
      <ul className="mt-1 flex flex-col gap-1">
        {payment.refunds.map((refund) => (
          <li key={refund.id}>
            {t('admin.payments.refunds.item', {
              date: when.format(new Date(refund.created_at)),
              amount: formatEuros(refund.amount, locale),
              status: t(`admin.payments.refunds.status.${refund.status}`),
              code: refund.gateway_code ?? '—',
              reason: refund.reason,
              who: refund.actor_dni ?? '—',
            })}
          </li>
        ))}
      </ul>
    </details>
  );
}
