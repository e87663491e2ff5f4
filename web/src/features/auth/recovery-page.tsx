import { type FieldErrors, hasErrors } from '../../lib/forms/field-errors';
import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button, buttonVariants } from '@portal/design-system/components/button.tsx';
import { OtpInput } from '@portal/design-system/components/otp-input.tsx';
import { PasswordField } from '@portal/design-system/components/password-field.tsx';
import { TextField } from '@portal/design-system/components/text-field.tsx';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/page-title';
import { requestRecovery, verifyRecovery } from './api/signup-api';
import { AuthCard } from './components/auth-card';
import { AuthSteps, LoginLink } from './components/auth-steps';
import { FormErrorSummary } from '../../lib/forms/form-error-summary';
import { StepHeading } from './components/step-heading';
import {
  CODE_DIGITS,
  emptyReset,
  resetHasEmptyField,
  validateRecoveryEmail,
  validateReset,
  type ResetValues,
} from './signup-validation';
import { trimAll } from './validation';
import { useAuthForm } from './use-auth-form';

type Step = 'email' | 'reset' | 'done';
const STEPS: readonly { id: Step; labelId: string }[] = [
  { id: 'email', labelId: 'auth.recovery.step1' },
  { id: 'reset', labelId: 'auth.recovery.step2' },
  { id: 'done', labelId: 'auth.recovery.step3' },
];
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
  const { busy, problem, setProblem, attempt, checked, send } = useAuthForm();
  const [notice, setNotice] = useState<'auth.recovery.emailSent' | 'auth.recovery.codeResent'>(
    'auth.recovery.emailSent',
  );

  const currentErrors = step === 'email' ? emailErrors : step === 'reset' ? resetErrors : {};
  usePageTitle('auth.recovery.title', hasErrors(currentErrors) || !!problem);

  const goTo = (next: Step) => {
    setStep(next);
    setMoved(true);
    setProblem(null);
  };

  const sendEmail = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !checked(validateRecoveryEmail(email), setEmailErrors)) return;
    const result = await send(() => requestRecovery(email.trim()), 'auth.recovery.noAccount');
    if (result.ok) {
      setNotice('auth.recovery.emailSent');
      goTo('reset');
    }
  };

  const resend = async () => {
    if (busy) return;
    setProblem(null);
    const result = await send(() => requestRecovery(email.trim()), 'auth.recovery.noAccount');
    if (result.ok) setNotice('auth.recovery.codeResent');
  };

  const sendReset = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const emptyField = resetHasEmptyField(reset) ? t('auth.error.completeRequired') : null;
    if (!checked(validateReset(reset), setResetErrors, emptyField)) return;
    const v = trimAll({ ...reset });
    const result = await send(
      () =>
        verifyRecovery({
          email: email.trim(),
          recovery_code: v.code,
          new_password: v.password,
          repeat_password: v.repeatPassword,
        }),
      'auth.recovery.codeInvalid',
    );
    if (result.ok) goTo('done');
  };

  const resetField = (field: keyof ResetValues) => ({
    id: RESET_IDS[field],
    error: resetErrors[field] ? t(resetErrors[field]) : undefined,
    errorPrefix: t('auth.error.prefix'),
  });

  return (
    <AuthCard>
      <AuthSteps
        titleId="auth.recovery.title"
        labelId="auth.recovery.steps"
        steps={STEPS}
        currentIndex={STEPS.findIndex((s) => s.id === step)}
      />

      {step === 'email' ? (
        <>
          <StepHeading focus={moved}>
            <FormattedMessage id="auth.recovery.step1" />
          </StepHeading>
          <FormErrorSummary
            className="mb-6"
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
          <LoginLink messageId="auth.recovery.backToLogin" />
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
            className="mb-6"
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
          <Link to="/login" className={buttonVariants()}>
            <FormattedMessage id="auth.recovery.goToLogin" />
          </Link>
        </>
      ) : null}
    </AuthCard>
  );
}
