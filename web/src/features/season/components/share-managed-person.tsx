import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { OtpInput } from '@portal/design-system/components/otp-input.tsx';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { detailMessage } from '../../../lib/api/client';
import {
  requestAssociationByName,
  verifyAssociationByName,
  type Outcome,
  type PersonByName,
} from '../api/season-api';

const CODE_LENGTH = 6;

/**
 * What "add a person" offers when another account already manages that person (the other
 * parent): a code to the mobile on the person's record, passed on by whoever holds it, links the
 * one record to this account too. Nothing of the other account is shown.
 */
export function ShareManagedPerson({
  person,
  message,
  onLinked,
  onCancel,
}: {
  /** The name and birth date as they were added. */
  person: PersonByName;
  /** The server's words for `person_managed_elsewhere`. */
  message: string;
  /** Linked: the person's full name as the records have it. */
  onLinked: (fullName: string) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const id = useId();
  const name = `${person.first_name} ${person.last_name}`;
  const [step, setStep] = useState<'offer' | 'verify'>('offer');
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const otpRef = useRef<HTMLInputElement>(null);

  // Shown after the form's answer: the reader starts here; once the code is sent, at its field.
  useEffect(() => {
    (step === 'offer' ? headingRef : otpRef).current?.focus();
  }, [step]);

  /** Runs a call, busy meanwhile; a refusal shows the server's detail, else the fallback. */
  async function run<T>(call: () => Promise<Outcome<T>>, fallbackId: string) {
    if (busy) return null;
    setBusy(true);
    setServerError(null);
    const answer = await call();
    setBusy(false);
    if (!answer.ok) setServerError(detailMessage(answer.error, t(fallbackId)));
    return answer.ok ? answer.data : null;
  }

  async function sendCode() {
    const sent = await run(() => requestAssociationByName(person), 'season.share.sendError');
    if (!sent) return;
    setOtp('');
    setOtpError(false);
    setStep('verify');
  }

  async function link(event: FormEvent) {
    event.preventDefault();
    const incomplete = otp.length !== CODE_LENGTH;
    setOtpError(incomplete);
    if (incomplete) {
      setServerError(null);
      otpRef.current?.focus();
      return;
    }
    const linked = await run(() => verifyAssociationByName(person, otp), 'season.share.linkError');
    if (linked) onLinked(linked.person.full_name);
  }

  const cancel = (
    <Button type="button" variant="secondary" onClick={onCancel}>
      <FormattedMessage id="season.share.cancel" />
    </Button>
  );

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-4 border-t border-border-subtle pt-4"
    >
      <h4 ref={headingRef} id={`${id}-heading`} tabIndex={-1} className="font-bold focus-ring">
        <FormattedMessage id="season.share.heading" values={{ name }} />
      </h4>
      {step === 'offer' ? (
        <Alert variant="info">{message}</Alert>
      ) : (
        <Alert variant="success">
          <FormattedMessage id="season.share.sent" values={{ name }} />
        </Alert>
      )}
      {serverError ? <Alert variant="error">{serverError}</Alert> : null}
      {step === 'offer' ? (
        <div className="flex flex-wrap gap-3 max-narrow:flex-col">
          <Button type="button" loading={busy} onClick={() => void sendCode()}>
            <FormattedMessage id="season.share.send" />
          </Button>
          {cancel}
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void link(event)} className="flex flex-col gap-4">
          <OtpInput
            ref={otpRef}
            id={`${id}-otp`}
            label={<FormattedMessage id="season.share.otp" />}
            hint={<FormattedMessage id="season.share.otpHint" />}
            error={otpError ? t('season.share.otpRequired') : undefined}
            errorPrefix={t('dashboard.errorPrefix')}
            value={otp}
            onValueChange={setOtp}
            length={CODE_LENGTH}
          />
          <div className="flex flex-wrap gap-3 max-narrow:flex-col">
            <Button type="submit" loading={busy}>
              <FormattedMessage id="season.share.link" />
            </Button>
            <Button type="button" variant="secondary" onClick={() => void sendCode()}>
              <FormattedMessage id="season.share.resend" />
            </Button>
            {cancel}
          </div>
        </form>
      )}
    </section>
  );
}
