import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { ErrorSummary } from '@portal/design-system/components/error-summary.tsx';
import { OtpInput } from '@portal/design-system/components/otp-input.tsx';
import { Stepper } from '@portal/design-system/components/stepper.tsx';
import { TextField } from '@portal/design-system/components/text-field.tsx';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { detailMessage } from '../../../lib/api/client';
import { requestAssociation, verifyAssociation } from '../api/persons-api';
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

const REQUEST_MESSAGE = { required: 'persons.error.dniRequired' } as const;
const PHONE_MESSAGE = {
  required: 'persons.error.phoneRequired',
  phone_digits: 'persons.error.phoneDigits',
} as const;

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

  const submitRequest = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const errors = validateRequest({ dni, phone });
    setRequestErrors(errors);
    setServerError(null);
    setAttempt((value) => value + 1);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    const result = await requestAssociation(associationRequestBody({ dni, phone }));
    setBusy(false);
    if (!result.ok) {
      setServerError(detailMessage(result.error, t('persons.error.request')));
      return;
    }
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
    setBusy(true);
    const result = await verifyAssociation({ dni: dni.trim(), otp_code: otp.trim() });
    setBusy(false);
    if (!result.ok) {
      setServerError(detailMessage(result.error, t('persons.error.verify')));
      return;
    }
    onDone();
  };

  const summaryItems =
    step === 'request'
      ? [
          ...(requestErrors.dni
            ? [{ fieldId: ids.dni, message: t(REQUEST_MESSAGE[requestErrors.dni]) }]
            : []),
          ...(requestErrors.phone
            ? [{ fieldId: ids.phone, message: t(PHONE_MESSAGE[requestErrors.phone]) }]
            : []),
        ]
      : otpError
        ? [{ fieldId: ids.otp, message: t('persons.error.otpRequired') }]
        : [];

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
      {summaryItems.length > 0 ? (
        <ErrorSummary
          key={attempt}
          title={<FormattedMessage id="persons.error.summaryTitle" />}
          description={
            missingRequired ? <FormattedMessage id="persons.error.fillAllFields" /> : undefined
          }
          errors={summaryItems}
        />
      ) : null}
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
            id={ids.dni}
            label={<FormattedMessage id="persons.add.dni.label" />}
            hint={<FormattedMessage id="persons.add.dni.hint" />}
            error={requestErrors.dni ? t(REQUEST_MESSAGE[requestErrors.dni]) : undefined}
            errorPrefix={errorPrefix}
            value={dni}
            onChange={(event) => setDni(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            className="max-w-xs"
          />
          <TextField
            id={ids.phone}
            type="tel"
            label={<FormattedMessage id="persons.add.phone.label" />}
            hint={<FormattedMessage id="persons.add.phone.hint" />}
            error={requestErrors.phone ? t(PHONE_MESSAGE[requestErrors.phone]) : undefined}
            errorPrefix={errorPrefix}
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            inputMode="numeric"
            autoComplete="off"
            maxLength={PHONE_LENGTH}
            className="max-w-xs"
          />
          <div className="flex flex-wrap gap-3 max-narrow:flex-col">
            <Button type="submit" loading={busy}>
              <FormattedMessage id="persons.add.sendCode" />
            </Button>
            <Button type="button" variant="secondary" onClick={onCancel}>
              <FormattedMessage id="persons.add.cancel" />
            </Button>
          </div>
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
          <div className="flex flex-wrap gap-3 max-narrow:flex-col">
            <Button type="submit" loading={busy}>
              <FormattedMessage id="persons.add.verify.submit" />
            </Button>
            <Button type="button" variant="secondary" onClick={onCancel}>
              <FormattedMessage id="persons.add.cancel" />
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
