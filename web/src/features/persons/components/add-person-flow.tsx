import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { OtpInput } from '@portal/design-system/components/otp-input.tsx';
import { Stepper } from '@portal/design-system/components/stepper.tsx';
import { TextField } from '@portal/design-system/components/text-field.tsx';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { detailMessage } from '../../../lib/api/client';
import type { FieldErrors } from '../../../lib/forms/field-errors';
import { FormErrorSummary } from '../../../lib/forms/form-error-summary';
import { requestAssociation, verifyAssociation, type Outcome } from '../api/persons-api';
import {
  PHONE_LENGTH,
  associationRequestBody,
  validateRequest,
  validateVerify,
  type RequestErrors,
} from '../rules';

interface AddPersonFlowProps {
  /** Linked: back to the list (which shows the success message). */
  onDone: () => void;
  onCancel: () => void;
  onFormErrorsChange?: (hasErrors: boolean) => void;
}

type Step = 'request' | 'verify';

/** The message id for each error code of the request step's fields. */
const REQUEST_MESSAGE: {
  [F in keyof RequestErrors]-?: Record<NonNullable<RequestErrors[F]>, string>;
} = {
  dni: { required: 'persons.error.dniRequired' },
  phone: {
    required: 'persons.error.phoneRequired',
    phone_digits: 'persons.error.phoneDigits',
  },
};

/** Two steps: request (dni and phone → code by SMS), then verify (dni read-only, code). */
export function AddPersonFlow({ onDone, onCancel, onFormErrorsChange }: AddPersonFlowProps) {
  const intl = useIntl();
  const id = useId();
  const ids = { dni: `${id}-dni`, phone: `${id}-phone`, otp: `${id}-otp` };
  const [step, setStep] = useState<Step>('request');
  const [dni, setDni] = useState('');
  const [phone, setPhone] = useState('');
  const [otp, setOtp] = useState('');
  const [requestErrors, setRequestErrors] = useState<RequestErrors>({});
  const [otpError, setOtpError] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const hasErrors = Object.keys(requestErrors).length > 0 || otpError || serverError !== null;
  useEffect(() => {
    onFormErrorsChange?.(hasErrors);
  }, [hasErrors, onFormErrorsChange]);
  useEffect(() => () => onFormErrorsChange?.(false), [onFormErrorsChange]);
  useEffect(() => {
    headingRef.current?.focus();
  }, [step]);

  const errorPrefix = intl.formatMessage({ id: 'persons.error.prefix' });
  const t = (messageId: string) => intl.formatMessage({ id: messageId });

  /** The request step's error text for a field, if it has one. */
  /** The message id of a request field's error, if it has one. */
  const requestMessageId = (field: keyof RequestErrors): string | undefined => {
    const error = requestErrors[field];
    const messages: Partial<Record<string, string>> = REQUEST_MESSAGE[field];
    return error ? messages[error] : undefined;
  };
  const requestMessage = (field: keyof RequestErrors): string | undefined => {
    const messageId = requestMessageId(field);
    return messageId ? t(messageId) : undefined;
  };

  /** What the request step's two text fields share. */
  const requestField = (
    field: keyof RequestErrors,
    value: string,
    set: (next: string) => void,
  ) => ({
    id: ids[field],
    error: requestMessage(field),
    errorPrefix,
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(event.target.value),
    autoComplete: 'off',
    className: 'max-w-xs',
  });

  /** Runs a step's call, busy meanwhile; a failure shows the server's detail, else the fallback. */
  const send = async (call: () => Promise<Outcome<unknown>>, fallbackId: string) => {
    setBusy(true);
    const result = await call();
    setBusy(false);
    if (!result.ok) setServerError(detailMessage(result.error, t(fallbackId)));
    return result.ok;
  };

  const submitRequest = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const errors = validateRequest({ dni, phone });
    setRequestErrors(errors);
    setServerError(null);
    setAttempt((value) => value + 1);
    if (Object.keys(errors).length > 0) return;
    const sent = await send(
      () => requestAssociation(associationRequestBody({ dni, phone })),
      'persons.error.request',
    );
    if (!sent) return;
    setOtp('');
    setOtpError(false);
    setStep('verify');
  };

  const submitVerify = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const missing = validateVerify({ otp }).otp !== undefined;
    setOtpError(missing);
    setServerError(null);
    setAttempt((value) => value + 1);
    if (missing) return;
    const sent = await send(
      () => verifyAssociation({ dni: dni.trim(), otp_code: otp.trim() }),
      'persons.error.verify',
    );
    if (sent) onDone();
  };

  const summaryErrors: FieldErrors<'dni' | 'phone' | 'otp'> =
    step === 'request'
      ? { dni: requestMessageId('dni'), phone: requestMessageId('phone') }
      : otpError
        ? { otp: 'persons.error.otpRequired' }
        : {};

  const missingRequired =
    step === 'request'
      ? requestErrors.dni === 'required' || requestErrors.phone === 'required'
      : otpError;

  return (
    <div className="flex max-w-xl min-w-0 flex-col gap-5">
      <h3 ref={headingRef} tabIndex={-1} className="text-lead font-bold focus-ring">
        <FormattedMessage
          id={step === 'request' ? 'persons.add.request.heading' : 'persons.add.verify.heading'}
        />
      </h3>
      <Stepper
        label={t('persons.add.steps.label')}
        completedText={t('persons.add.steps.completed')}
        currentIndex={step === 'request' ? 0 : 1}
        steps={[
          { id: 'request', label: <FormattedMessage id="persons.add.steps.request" /> },
          { id: 'verify', label: <FormattedMessage id="persons.add.steps.verify" /> },
        ]}
      />
      <FormErrorSummary
        errors={summaryErrors}
        fieldIds={step === 'request' ? { dni: ids.dni, phone: ids.phone } : { otp: ids.otp }}
        problem={
          missingRequired ? <FormattedMessage id="persons.error.fillAllFields" /> : undefined
        }
        attempt={attempt}
      />
      {serverError ? <Alert variant="error">{serverError}</Alert> : null}

      {step === 'request' ? (
        <form
          noValidate
          onSubmit={(event) => void submitRequest(event)}
          className="flex flex-col gap-5"
        >
          <p>
            <FormattedMessage id="persons.add.request.intro" />
          </p>
          <TextField
            {...requestField('dni', dni, setDni)}
            label={<FormattedMessage id="persons.add.dni.label" />}
            hint={<FormattedMessage id="persons.add.dni.hint" />}
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
          />
          <TextField
            {...requestField('phone', phone, setPhone)}
            type="tel"
            label={<FormattedMessage id="persons.add.phone.label" />}
            hint={<FormattedMessage id="persons.add.phone.hint" />}
            inputMode="numeric"
            maxLength={PHONE_LENGTH}
          />
          <StepActions submitId="persons.add.sendCode" busy={busy} onCancel={onCancel} />
        </form>
      ) : (
        <form
          noValidate
          onSubmit={(event) => void submitVerify(event)}
          className="flex flex-col gap-5"
        >
          <Alert variant="success">
            <FormattedMessage id="persons.otpSent" />
          </Alert>
          <TextField
            id={ids.dni}
            label={<FormattedMessage id="persons.add.dni.label" />}
            errorPrefix={errorPrefix}
            value={dni}
            readOnly
            className="max-w-xs"
          />
          <OtpInput
            id={ids.otp}
            label={<FormattedMessage id="persons.add.otp.label" />}
            hint={<FormattedMessage id="persons.add.otp.hint" />}
            error={otpError ? t('persons.error.otpRequired') : undefined}
            errorPrefix={errorPrefix}
            value={otp}
            onValueChange={setOtp}
          />
          <StepActions submitId="persons.add.verify.submit" busy={busy} onCancel={onCancel} />
        </form>
      )}
    </div>
  );
}

/** A step's buttons: its submit (loading while a call runs), then cancel. */
function StepActions({
  submitId,
  busy,
  onCancel,
}: {
  submitId: string;
  busy: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-3 max-narrow:flex-col">
      <Button type="submit" loading={busy}>
        <FormattedMessage id={submitId} />
      </Button>
      <Button type="button" variant="secondary" onClick={onCancel}>
        <FormattedMessage id="persons.add.cancel" />
      </Button>
    </div>
  );
}
