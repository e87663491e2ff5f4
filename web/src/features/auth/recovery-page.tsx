import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { OtpInput } from '@portal/design-system/components/otp-input.tsx';
import { PasswordField } from '@portal/design-system/components/password-field.tsx';
import { Stepper } from '@portal/design-system/components/stepper.tsx';
import { TextField } from '@portal/design-system/components/text-field.tsx';
import { TextLink } from '@portal/design-system/components/text-link.tsx';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { detailMessage } from '../../lib/api/client';
import { usePageTitle } from '../../lib/page-title';
import { requestRecovery, verifyRecovery } from './api/auth-api';
import { AuthCard } from './components/auth-card';
import { FormErrorSummary } from './components/form-error-summary';
import { StepHeading } from './components/step-heading';
import {
  CODE_DIGITS,
  emptyReset,
  hasErrors,
  resetHasEmptyField,
  trimAll,
  validateRecoveryEmail,
  validateReset,
  type FieldErrors,
  type ResetValues,
} from './validation';

type Step = 'email' | 'reset' | 'done';
const STEPS: Step[] = ['email', 'reset', 'done'];
const EMAIL_IDS = { email: 'recovery-email' } as const;
const RESET_IDS: Record<keyof ResetValues, string> = {
  code: 'recovery-code',
  password: 'recovery-password',
  repeatPassword: 'recovery-repeat-password',
};

/**
 * /recuperar-cuenta in three steps: 1) the e-mail; 2) the e-mailed code and the new password
 * (twice); 3) a success screen with a button to the login. Checked on submit (GOV.UK).
 */
export function RecoveryPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [step, setStep] = useState<Step>('email');
  const [moved, setMoved] = useState(false);
  const [email, setEmail] = useState('');
  const [emailErrors, setEmailErrors] = useState<FieldErrors<'email'>>({});
  const [reset, setReset] = useState<ResetValues>(emptyReset);
  const [resetErrors, setResetErrors] = useState<FieldErrors<keyof ResetValues>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<'auth.recovery.emailSent' | 'auth.recovery.codeResent'>(
    'auth.recovery.emailSent',
  );
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);

  const currentErrors = step === 'email' ? emailErrors : step === 'reset' ? resetErrors : {};
  usePageTitle('auth.recovery.title', hasErrors(currentErrors) || !!problem);

  const goTo = (next: Step) => {
    setStep(next);
    setMoved(true);
    setProblem(null);
  };

  const sendEmail = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateRecoveryEmail(email);
    setEmailErrors(found);
    setProblem(null);
    setAttempt((n) => n + 1);
    if (hasErrors(found)) return;
    setBusy(true);
    const result = await requestRecovery(email.trim());
    setBusy(false);
    if (result.ok) {
      setNotice('auth.recovery.emailSent');
      goTo('reset');
      return;
    }
    setProblem(detailMessage(result.error, t('auth.recovery.noAccount')));
    setAttempt((n) => n + 1);
  };

  const resend = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    const result = await requestRecovery(email.trim());
    setBusy(false);
    if (result.ok) {
      setNotice('auth.recovery.codeResent');
      return;
    }
    setProblem(detailMessage(result.error, t('auth.recovery.noAccount')));
    setAttempt((n) => n + 1);
  };

  const sendReset = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateReset(reset);
    setResetErrors(found);
    setProblem(resetHasEmptyField(reset) ? t('auth.error.completeRequired') : null);
    setAttempt((n) => n + 1);
    if (hasErrors(found)) return;
    const v = trimAll({ ...reset });
    setBusy(true);
    const result = await verifyRecovery({
      email: email.trim(),
      recovery_code: v.code,
      new_password: v.password,
      repeat_password: v.repeatPassword,
    });
    setBusy(false);
    if (result.ok) {
      goTo('done');
      return;
    }
    setProblem(detailMessage(result.error, t('auth.recovery.codeInvalid')));
    setAttempt((n) => n + 1);
  };

  const resetField = (field: keyof ResetValues) => ({
    id: RESET_IDS[field],
    error: resetErrors[field] ? t(resetErrors[field]) : undefined,
    errorPrefix: t('auth.error.prefix'),
  });

  return (
    <AuthCard>
      <h1 className="mb-4 text-title font-bold">
        <FormattedMessage id="auth.recovery.title" />
      </h1>
      <Stepper
        className="mb-6"
        steps={[
          { id: 'email', label: t('auth.recovery.step1') },
          { id: 'reset', label: t('auth.recovery.step2') },
          { id: 'done', label: t('auth.recovery.step3') },
        ]}
        currentIndex={STEPS.indexOf(step)}
        label={t('auth.recovery.steps')}
        completedText={t('auth.step.completed')}
      />

      {step === 'email' ? (
        <>
          <StepHeading focus={moved}>
            <FormattedMessage id="auth.recovery.step1" />
          </StepHeading>
          <FormErrorSummary
            errors={emailErrors}
            fieldIds={EMAIL_IDS}
            problem={problem}
            attempt={attempt}
          />
          <form noValidate onSubmit={sendEmail} className="flex flex-col gap-5">
            <TextField
              id={EMAIL_IDS.email}
              name="email"
              type="email"
              label={t('auth.field.email')}
              hint={t('auth.recovery.emailHint')}
              autoComplete="email"
              spellCheck={false}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={emailErrors.email ? t(emailErrors.email) : undefined}
              errorPrefix={t('auth.error.prefix')}
            />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" loading={busy}>
                <FormattedMessage id="auth.recovery.sendCode" />
              </Button>
            </div>
          </form>
          <p className="mt-6">
            <TextLink asChild>
              <Link to="/login">
                <FormattedMessage id="auth.recovery.backToLogin" />
              </Link>
            </TextLink>
          </p>
        </>
      ) : null}

      {step === 'reset' ? (
        <>
          <StepHeading focus={moved}>
            <FormattedMessage id="auth.recovery.step2" />
          </StepHeading>
          <Alert variant="success" className="mb-6" title={t(notice)}>
            <FormattedMessage id="auth.recovery.codeSentTo" values={{ email: email.trim() }} />
          </Alert>
          <FormErrorSummary
            errors={resetErrors}
            fieldIds={RESET_IDS}
            problem={problem}
            attempt={attempt}
          />
          <form noValidate onSubmit={sendReset} className="flex flex-col gap-5">
            <OtpInput
              {...resetField('code')}
              name="recovery_code"
              length={CODE_DIGITS}
              label={t('auth.field.emailCode')}
              hint={t('auth.field.emailCodeHint')}
              value={reset.code}
              onValueChange={(code) => setReset((v) => ({ ...v, code }))}
            />
            <PasswordField
              {...resetField('password')}
              name="new_password"
              label={t('auth.field.newPassword')}
              hint={t('auth.field.passwordHint')}
              autoComplete="new-password"
              value={reset.password}
              onChange={(event) => setReset((v) => ({ ...v, password: event.target.value }))}
              showLabel={t('auth.field.showPassword')}
              hideLabel={t('auth.field.hidePassword')}
            />
            <PasswordField
              {...resetField('repeatPassword')}
              name="repeat_password"
              label={t('auth.field.repeatNewPassword')}
              autoComplete="new-password"
              value={reset.repeatPassword}
              onChange={(event) => setReset((v) => ({ ...v, repeatPassword: event.target.value }))}
              showLabel={t('auth.field.showPassword')}
              hideLabel={t('auth.field.hidePassword')}
            />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" loading={busy}>
                <FormattedMessage id="auth.recovery.changePassword" />
              </Button>
              <Button type="button" variant="secondary" onClick={resend} disabled={busy}>
                <FormattedMessage id="auth.recovery.resend" />
              </Button>
            </div>
          </form>
        </>
      ) : null}

      {step === 'done' ? (
        <>
          <StepHeading focus={moved}>
            <FormattedMessage id="auth.recovery.step3" />
          </StepHeading>
          <Alert variant="success" className="mb-6" title={t('auth.recovery.passwordChanged')}>
            <FormattedMessage id="auth.recovery.passwordChangedDetail" />
          </Alert>
          <Button asChild>
            <Link to="/login">
              <FormattedMessage id="auth.recovery.goToLogin" />
            </Link>
          </Button>
        </>
      ) : null}
    </AuthCard>
  );
}
