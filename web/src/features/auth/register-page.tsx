import { type FieldErrors, hasErrors } from '../../lib/forms/field-errors';
import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { OtpInput } from '@portal/design-system/components/otp-input.tsx';
import { PasswordField } from '@portal/design-system/components/password-field.tsx';
import { TextField } from '@portal/design-system/components/text-field.tsx';
import { Fragment, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { flashState } from '../../lib/flash';
import { usePageTitle } from '../../lib/page-title';
import { setToken } from '../../lib/session';
import { register, verifyRegistration } from './api/signup-api';
import { AuthCard } from './components/auth-card';
import { AuthSteps, LoginLink } from './components/auth-steps';
import { FormErrorSummary } from '../../lib/forms/form-error-summary';
import { ResendCode } from './components/resend-code';
import { StepHeading } from './components/step-heading';
import {
  CODE_DIGITS,
  emptyRegistration,
  PHONE_DIGITS,
  registrationPayload,
  validateCode,
  validateRegistration,
  type RegistrationValues,
} from './signup-validation';
import { trimAll } from './validation';
import { useAuthForm } from './use-auth-form';

type Field = keyof RegistrationValues;

const FIELD_IDS: Record<Field, string> = {
  dni: 'register-dni',
  phone: 'register-phone',
  email: 'register-email',
  password: 'register-password',
  repeatPassword: 'register-repeat-password',
};
const CODE_IDS = { code: 'register-code' } as const;
const STEPS = [
  { id: 'form', labelId: 'auth.register.step1' },
  { id: 'code', labelId: 'auth.register.step2' },
] as const;

/**
 * /registrarse in two steps: 1) the form, checked as the user types (submit stays disabled while
 * anything is wrong or a call runs); 2) the SMS code, which logs the user in on success.
 */
export function RegisterPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const t = (id: string) => intl.formatMessage({ id });
  const [step, setStep] = useState<'form' | 'code'>('form');
  const [moved, setMoved] = useState(false);
  const [values, setValues] = useState<RegistrationValues>(emptyRegistration);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [code, setCode] = useState('');
  const [codeErrors, setCodeErrors] = useState<FieldErrors<'code'>>({});
  const { busy, problem, setProblem, attempt, checked, send } = useAuthForm();

  const errors = validateRegistration(values);
  const shown: FieldErrors<Field> = Object.fromEntries(
    Object.entries(errors).filter(([field]) => touched[field as Field]),
  );
  usePageTitle(
    'auth.register.title',
    step === 'form' ? hasErrors(shown) || !!problem : hasErrors(codeErrors) || !!problem,
  );

  const fieldProps = (field: Field) => ({
    id: FIELD_IDS[field],
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [field]: event.target.value }));
      // the repeat is checked against the password as soon as it has been typed
      if (field === 'password' && values.repeatPassword !== '') {
        setTouched((s) => ({ ...s, repeatPassword: true }));
      }
    },
    onBlur: () => setTouched((s) => ({ ...s, [field]: true })),
    error: shown[field] ? t(shown[field]) : undefined,
    errorPrefix: t('auth.error.prefix'),
    disabled: busy,
  });

  const submitForm = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (hasErrors(errors)) {
      setTouched({ dni: true, phone: true, email: true, password: true, repeatPassword: true });
      return;
    }
    setProblem(null);
    const result = await send(() => register(registrationPayload(values)), 'auth.register.failed');
    if (result.ok) {
      setStep('code');
      setMoved(true);
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !checked(validateCode(code), setCodeErrors)) return;
    const result = await send(
      () => verifyRegistration({ dni: trimAll({ ...values }).dni, otp_code: code.trim() }),
      (status) =>
        status === 400 || status === 422
          ? 'auth.register.codeIncorrect'
          : 'auth.register.codeError',
    );
    if (result.ok) {
      setToken(result.data.access_token);
      navigate('/dashboard', { state: flashState('auth.register.verified') });
    }
  };

  const backToForm = () => {
    setStep('form');
    setProblem(null);
    setCode('');
    setCodeErrors({});
  };

  const formInvalid = hasErrors(errors);

  return (
    <AuthCard>
      <AuthSteps
        titleId="auth.register.title"
        labelId="auth.register.steps"
        steps={STEPS}
        currentIndex={step === 'form' ? 0 : 1}
      />
      {step === 'form' ? (
        <Fragment key="form">
          <StepHeading focus={moved}>
            <FormattedMessage id="auth.register.step1" />
          </StepHeading>
          <FormErrorSummary
            className="mb-6"
            errors={{}}
            fieldIds={FIELD_IDS}
            problem={problem}
            attempt={attempt}
          />
          <form noValidate onSubmit={submitForm} className="flex flex-col gap-5">
            <TextField
              {...fieldProps('dni')}
              name="dni"
              label={t('auth.field.dni')}
              hint={t('auth.field.dniHint')}
              autoComplete="username"
              autoCapitalize="characters"
              spellCheck={false}
            />
            <TextField
              {...fieldProps('phone')}
              name="phone"
              type="tel"
              label={t('auth.field.phone')}
              hint={t('auth.field.phoneHint')}
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={PHONE_DIGITS}
            />
            <TextField
              {...fieldProps('email')}
              name="email"
              type="email"
              label={t('auth.field.email')}
              optionalText={t('auth.field.optional')}
              hint={t('auth.field.emailHint')}
              autoComplete="email"
              spellCheck={false}
            />
            <PasswordField
              {...fieldProps('password')}
              name="password"
              label={t('auth.field.password')}
              hint={t('auth.field.passwordHint')}
              autoComplete="new-password"
              showLabel={t('auth.field.showPassword')}
              hideLabel={t('auth.field.hidePassword')}
            />
            <PasswordField
              {...fieldProps('repeatPassword')}
              name="repeat_password"
              label={t('auth.field.repeatPassword')}
              autoComplete="new-password"
              showLabel={t('auth.field.showPassword')}
              hideLabel={t('auth.field.hidePassword')}
            />
            {formInvalid ? (
              <p id="register-submit-hint" className="text-small text-muted-foreground">
                <FormattedMessage id="auth.register.submitHint" />
              </p>
            ) : null}
            <div className="flex flex-wrap gap-3">
              <Button
                type="submit"
                disabled={formInvalid || busy}
                loading={busy}
                aria-describedby={formInvalid ? 'register-submit-hint' : undefined}
              >
                <FormattedMessage id="auth.register.submit" />
              </Button>
            </div>
          </form>
          <LoginLink messageId="auth.register.haveAccount" />
        </Fragment>
      ) : (
        <Fragment key="code">
          <StepHeading focus={moved}>
            <FormattedMessage id="auth.register.step2" />
          </StepHeading>
          <Alert variant="success" className="mb-6">
            <FormattedMessage
              id="auth.register.codeSent"
              values={{ phone: trimAll({ ...values }).phone }}
            />
          </Alert>
          <FormErrorSummary
            className="mb-6"
            errors={codeErrors}
            fieldIds={CODE_IDS}
            problem={problem}
            attempt={attempt}
          />
          <form noValidate onSubmit={submitCode} className="flex flex-col gap-5">
            <OtpInput
              id={CODE_IDS.code}
              name="otp_code"
              length={CODE_DIGITS}
              label={t('auth.field.smsCode')}
              hint={t('auth.field.smsCodeHint')}
              value={code}
              onValueChange={setCode}
              error={codeErrors.code ? t(codeErrors.code) : undefined}
              errorPrefix={t('auth.error.prefix')}
            />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" loading={busy}>
                <FormattedMessage id="auth.register.verify" />
              </Button>
              <Button type="button" variant="secondary" onClick={backToForm} disabled={busy}>
                <FormattedMessage id="auth.register.back" />
              </Button>
            </div>
          </form>
          <ResendCode dni={trimAll({ ...values }).dni} />
        </Fragment>
      )}
    </AuthCard>
  );
}
