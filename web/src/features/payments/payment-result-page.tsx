import { Alert } from '@portal/design-system/components/alert.tsx';
import { DownloadButton } from '@portal/design-system/components/download-button.tsx';
import { PaymentStatusPanel } from '@portal/design-system/components/payment-status-panel.tsx';
import { textLinkClassName } from '@portal/design-system/components/text-link.tsx';
import { cn } from '@portal/design-system/lib/cn.ts';
import { formatEuros } from '@portal/design-system/lib/format.ts';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useLocale } from '../../i18n/i18n-provider';
import { usePageTitle } from '../../lib/page-title';
import { downloadReceipt } from './api/payments-api';
import { usePaymentConfirmation } from './use-payment-confirmation';

function BackToDashboard() {
  return (
    <p>
      <Link to="/dashboard" className={cn(textLinkClassName, 'text-lead font-semibold')}>
        <FormattedMessage id="payments.backToDashboard" />
      </Link>
    </p>
  );
}

/**
 * /pago-ok: where the bank sends the resident back. The return address proves nothing, so the
 * page asks the server whether the bank's confirmation has arrived and says so; the receipt is
 * offered once it has.
 */
export function PaymentOkPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const confirmation = usePaymentConfirmation();
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  // once the app stops asking, nothing spins
  const state =
    confirmation.state === 'waiting' ||
    confirmation.state === 'none' ||
    confirmation.state === 'signedOut'
      ? 'unknown'
      : confirmation.state;
  const key = `payments.ok.${confirmation.state}`;
  usePageTitle(`${key}.title`);
  const payment = confirmation.payment;

  async function download() {
    if (!payment || downloading) return;
    setDownloading(true);
    setDownloadFailed(false);
    const ok = await downloadReceipt(payment.id, payment.order, locale);
    setDownloading(false);
    setDownloadFailed(!ok);
  }

  return (
    <div className="mx-auto flex w-full max-w-2xl min-w-0 flex-col gap-6">
      <h1 className="text-title font-bold">
        <FormattedMessage id={`${key}.title`} />
      </h1>
      <PaymentStatusPanel
        state={state}
        title={<FormattedMessage id={`${key}.title`} />}
        message={
          <FormattedMessage
            id={`${key}.message`}
            values={{ amount: payment ? formatEuros(payment.amount, locale) : '' }}
          />
        }
      >
        {confirmation.state === 'received' && confirmation.payment.receipt_available ? (
          <DownloadButton
            label={intl.formatMessage(
              { id: 'payments.receipt.download' },
              { order: confirmation.payment.order },
            )}
            onDownload={() => void download()}
            loading={downloading}
            error={downloadFailed ? intl.formatMessage({ id: 'payments.receipt.failed' }) : null}
          />
        ) : null}
      </PaymentStatusPanel>
      <BackToDashboard />
    </div>
  );
}

/** /pago-ko */
export function PaymentKoPage() {
  usePageTitle('payments.ko.title');
  return (
    <div className="mx-auto flex w-full max-w-2xl min-w-0 flex-col gap-6">
      <h1 className="text-title font-bold">
        <FormattedMessage id="payments.ko.title" />
      </h1>
      <Alert variant="error" role="none">
        <p>
          <FormattedMessage id="payments.ko.message" />
        </p>
      </Alert>
      <p>
        <FormattedMessage id="payments.ko.next" />
      </p>
      <BackToDashboard />
    </div>
  );
}
