import { Button } from '@portal/design-system/components/button.tsx';
import { DownloadButton } from '@portal/design-system/components/download-button.tsx';
import { Alert } from '@portal/design-system/components/alert.tsx';
import { Loading } from '@portal/design-system/components/spinner.tsx';
import { formatDate, formatEuros } from '@portal/design-system/lib/format.ts';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '../../../i18n/i18n-provider';
import { downloadReceipt, type ResidentPayment } from '../api/payments-api';
import { useMyPayments } from '../api/use-my-payments';
import { paidPartsName } from '../part-names';
import { FeeBreakdownList } from './fee-breakdown';

/**
 * A payment's items with how each amount came about, when it was charged under fee rules (the
 * breakdown kept with it, which later rules never change), and which parts of a fee in parts
 * each paid ("1.º plazo de 2"). A simple-mode payment of whole fees lists nothing more than its
 * summary, as before.
 */
function PaidItems({ payment }: { payment: ResidentPayment }) {
  const intl = useIntl();
  const { locale } = useLocale();
  if (!payment.items.some((item) => item.breakdown || item.parts || item.family_difference))
    return null;
  return (
    <ul
      className="flex flex-col gap-2 pl-4"
      aria-label={intl.formatMessage({ id: 'payments.items.label' }, { order: payment.order })}
    >
      {payment.items.map((item) => (
        <li
          key={`${item.person_activity_id ?? ''}-${item.activity_id}`}
          className="flex flex-col gap-1"
        >
          <p>
            {item.parts ? (
              <FormattedMessage
                id={item.refunded ? 'payments.items.refundedPart' : 'payments.items.itemPart'}
                values={{
                  name: item.name,
                  part: paidPartsName(intl, item.parts),
                  amount: formatEuros(item.amount, locale),
                }}
              />
            ) : (
              <FormattedMessage
                id={item.refunded ? 'payments.items.refunded' : 'payments.items.item'}
                values={{ name: item.name, amount: formatEuros(item.amount, locale) }}
              />
            )}
          </p>
          {item.family_difference ? (
            <p className="text-small">
              <FormattedMessage
                id="payments.items.familyDifference"
                values={{ member: item.family_difference.member_name }}
              />
            </p>
          ) : null}
          {item.breakdown ? <FeeBreakdownList breakdown={item.breakdown} /> : null}
          {!item.breakdown && item.registration_fee ? (
            <p className="text-small">
              <FormattedMessage
                id="payments.items.registrationFee"
                values={{ amount: formatEuros(item.registration_fee, locale) }}
              />
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function ReceiptRow({ payment }: { payment: ResidentPayment }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState(false);
  async function download() {
    if (downloading) return;
    setDownloading(true);
    setFailed(false);
    const ok = await downloadReceipt(payment.id, payment.order, locale);
    setDownloading(false);
    setFailed(!ok);
  }
  return (
    <li className="flex flex-col gap-2 border-b border-border-subtle py-3 last:border-b-0">
      <p>
        <FormattedMessage
          id="payments.receipts.summary"
          values={{
            date: formatDate(payment.paid_at, locale),
            person: payment.full_name,
            amount: formatEuros(payment.amount, locale),
            order: payment.order,
          }}
        />{' '}
        <FormattedMessage
          id="payments.receipts.method"
          values={{
            method: intl.formatMessage({ id: `payments.method.${payment.pay_method}` }),
          }}
        />
        {payment.status === 'refunded' ? (
          <strong className="ml-2">
            <FormattedMessage id="payments.receipts.refunded" />
          </strong>
        ) : null}
        {payment.status === 'duplicate' ? (
          <strong className="ml-2">
            <FormattedMessage id="payments.receipts.duplicate" />
          </strong>
        ) : null}
        {payment.status === 'partially_refunded' ? (
          <strong className="ml-2">
            <FormattedMessage
              id="payments.receipts.partiallyRefunded"
              values={{ amount: formatEuros(payment.refunded_amount, locale) }}
            />
          </strong>
        ) : null}
      </p>
      <PaidItems payment={payment} />
      {payment.receipt_available ? (
        <DownloadButton
          label={intl.formatMessage({ id: 'payments.receipt.download' }, { order: payment.order })}
          onDownload={() => void download()}
          loading={downloading}
          error={failed ? intl.formatMessage({ id: 'payments.receipt.failed' }) : null}
        />
      ) : null}
    </li>
  );
}

/**
 * The Completed tab's receipts: one per payment (not per activity), newest first. A payment
 * charged twice shows as such, without a receipt, until the council gives it back.
 */
export function MyReceipts() {
  const intl = useIntl();
  const payments = useMyPayments();
  return (
    <section aria-labelledby="receipts-heading" className="flex min-w-0 flex-col gap-3">
      <h3 id="receipts-heading" className="text-lead font-bold">
        <FormattedMessage id="payments.receipts.heading" />
      </h3>
      <p>
        <FormattedMessage id="payments.receipts.intro" />
      </p>
      {payments.status === 'loading' ? (
        <Loading label={intl.formatMessage({ id: 'payments.receipts.loading' })} />
      ) : null}
      {payments.status === 'error' ? (
        <Alert variant="error">
          <span className="flex flex-wrap items-center gap-3">
            <FormattedMessage id="payments.receipts.loadError" />
            <Button type="button" variant="secondary" size="sm" onClick={payments.retry}>
              <FormattedMessage id="payments.receipts.retry" />
            </Button>
          </span>
        </Alert>
      ) : null}
      {payments.status === 'ready' && payments.data.length === 0 ? (
        <p>
          <FormattedMessage id="payments.receipts.empty" />
        </p>
      ) : null}
      {payments.status === 'ready' && payments.data.length > 0 ? (
        <ul className="flex flex-col">
          {payments.data.map((payment) => (
            <ReceiptRow key={payment.id} payment={payment} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
