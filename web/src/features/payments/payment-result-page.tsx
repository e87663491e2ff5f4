import { Alert } from '@portal/design-system/components/alert.tsx';
import { TextLink } from '@portal/design-system/components/text-link.tsx';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../lib/page-title';

type Outcome = 'ok' | 'ko';

/**
 * Where the payment gateway sends the resident back. It proves nothing (only the gateway's signed
 * notification marks activities paid), so it only tells the outcome and links to the dashboard.
 */
function PaymentResult({ outcome }: { outcome: Outcome }) {
  usePageTitle(`payments.${outcome}.title`);
  return (
    <div className="mx-auto flex w-full max-w-2xl min-w-0 flex-col gap-6">
      <h1 className="text-title font-bold">
        <FormattedMessage id={`payments.${outcome}.title`} />
      </h1>
      <Alert variant={outcome === 'ok' ? 'success' : 'error'} role="none">
        <p>
          <FormattedMessage id={`payments.${outcome}.message`} />
        </p>
      </Alert>
      <p>
        <FormattedMessage id={`payments.${outcome}.next`} />
      </p>
      <p>
        <TextLink asChild className="text-lead font-semibold">
          <Link to="/dashboard">
            <FormattedMessage id="payments.backToDashboard" />
          </Link>
        </TextLink>
      </p>
    </div>
  );
}

/** /pago-ok */
export function PaymentOkPage() {
  return <PaymentResult outcome="ok" />;
}

/** /pago-ko */
export function PaymentKoPage() {
  return <PaymentResult outcome="ko" />;
}
