import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { OtpInput } from '@portal/design-system/components/otp-input.tsx';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CODE_DIGITS, isCode } from '../../auth/signup-validation';
import { requestEmailConfirmation, verifyContactChange, type Me } from '../api/account-api';

/**
 * "Confirm my e-mail": password recovery uses an address only once a code sent to it came back.
 * A code goes there (after registration, or with the button here) and is typed back; the server
 * answers the account as confirmed, or its reason (a wrong code, an address another account has
 * confirmed). The outcome is read out by a live region that is always on the page.
 */
export function ConfirmEmail({ me, onConfirmed }: { me: Me; onConfirmed: (me: Me) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const id = useId();
  const [step, setStep] = useState<'start' | 'code'>('start');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  // the button that sent the code is gone: the code's field takes the focus
  useEffect(() => {
    if (step === 'code') document.getElementById(`${id}-code`)?.focus();
  }, [step, id]);

  const email = me.email;

  async function send() {
    if (busy || !email) return;
    setFailure(null);
    setStatus('');
    setBusy(true);
    const result = await requestEmailConfirmation();
    setBusy(false);
    if (!result.ok) {
      setFailure(result.message ?? t('account.contact.failed'));
      return;
    }
    setCode('');
    setCodeError(undefined);
    setStep('code');
    setStatus(t('account.confirm.sent', { email }));
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (busy || !email) return;
    const trimmed = code.trim();
    if (!isCode(trimmed)) {
      setCodeError(t('account.contact.codeRequired'));
      return;
    }
    setCodeError(undefined);
    setFailure(null);
    setBusy(true);
    const result = await verifyContactChange('email', email, trimmed);
    setBusy(false);
    if (!result.ok) {
      setFailure(result.message ?? t('account.contact.failed'));
      return;
    }
    setStep('start');
    setStatus(t('account.confirm.done'));
    onConfirmed(result.data);
  }

  function cancel() {
    setStep('start');
    setCode('');
    setCodeError(undefined);
    setFailure(null);
    setStatus('');
  }

  const refusal = failure ? <Alert variant="error">{failure}</Alert> : null;
  const unconfirmed = email !== null && !me.email_confirmed;

  return (
    <div className="flex flex-col items-start gap-3">
      {unconfirmed && step === 'start' ? (
        <>
          <p className="max-w-prose">
            <FormattedMessage id="account.confirm.text" values={{ email }} />
          </p>
          {refusal}
          <Button type="button" loading={busy} onClick={() => void send()}>
            <FormattedMessage id="account.confirm.send" />
          </Button>
        </>
      ) : null}
      {unconfirmed && step === 'code' ? codeForm() : null}
      {/* always on the page, so what it says is read out when it changes */}
      <p role="status" className="empty:hidden">
        {status}
      </p>
    </div>
  );

  function codeForm() {
    return (
      <form
        noValidate
        onSubmit={(event) => void confirm(event)}
        className="flex max-w-md flex-col gap-4"
        aria-labelledby={`${id}-title`}
      >
        <p id={`${id}-title`} className="font-semibold">
          <FormattedMessage id="account.confirm.title" />
        </p>
        <OtpInput
          id={`${id}-code`}
          name="code"
          length={CODE_DIGITS}
          label={t('account.contact.code')}
          value={code}
          onValueChange={setCode}
          error={codeError}
          errorPrefix={t('account.errorPrefix')}
        />
        {refusal}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={busy}>
            <FormattedMessage id="account.confirm.submit" />
          </Button>
          <Button type="button" variant="secondary" onClick={cancel}>
            <FormattedMessage id="account.contact.cancel" />
          </Button>
        </div>
      </form>
    );
  }
}
