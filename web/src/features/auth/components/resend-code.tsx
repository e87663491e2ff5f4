import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { detailMessage } from '../../../lib/api/client';
import { resendRegistrationCode } from '../api/signup-api';

/** The server sends one code a minute for a DNI and phone: the button waits as long. */
export const RESEND_AFTER_MS = 60_000;

/**
 * "Send the code again" on the SMS step: a lost SMS no longer means starting over. The button
 * counts down the minute the server asks between codes; the server's answer (too many, could not
 * send) is shown as it words it.
 */
export function ResendCode({ dni }: { dni: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  // shown with the code step, right after the code was sent
  const [lastSent, setLastSent] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ sent: true } | { sent: false; message: string } | null>(
    null,
  );
  const secondsLeft = Math.max(0, Math.ceil((lastSent + RESEND_AFTER_MS - now) / 1000));

  useEffect(() => {
    if (secondsLeft === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [secondsLeft]);

  async function resend() {
    if (sending || secondsLeft > 0) return;
    setSending(true);
    setOutcome(null);
    const result = await resendRegistrationCode(dni);
    setSending(false);
    if (result.ok) {
      setLastSent(Date.now());
      setNow(Date.now());
      setOutcome({ sent: true });
    } else {
      setOutcome({
        sent: false,
        message: detailMessage(result.error, t('auth.register.resendFailed')),
      });
    }
  }

  return (
    <div className="flex flex-col items-start gap-2">
      <Button
        type="button"
        variant="secondary"
        onClick={() => void resend()}
        disabled={secondsLeft > 0}
        loading={sending}
      >
        {secondsLeft > 0
          ? t('auth.register.resendIn', { seconds: secondsLeft })
          : t('auth.register.resend')}
      </Button>
      <p aria-live="polite" className="text-body">
        {outcome?.sent ? t('auth.register.resent') : ''}
      </p>
      {outcome && !outcome.sent ? <Alert variant="error">{outcome.message}</Alert> : null}
    </div>
  );
}
