import { type FieldErrors, hasErrors } from '../../lib/forms/field-errors';
import { Button, buttonVariants } from '@portal/design-system/components/button.tsx';
import { Loading } from '@portal/design-system/components/spinner.tsx';
import { PasswordField } from '@portal/design-system/components/password-field.tsx';
import { TextField } from '@portal/design-system/components/text-field.tsx';
import { TextLink, textLinkClassName } from '@portal/design-system/components/text-link.tsx';
import { Suspense, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { useLocale } from '../../i18n/i18n-provider';
import { lazyWithTexts } from '../../i18n/lazy-with-texts';
import { usePageTitle } from '../../lib/page-title';
import { isAdminToken, setToken } from '../../lib/session';
import { login } from './api/auth-api';
import { AuthCard } from './components/auth-card';
import { FormErrorSummary } from '../../lib/forms/form-error-summary';
import { helpPdfPath } from './help-pdf';
import { trimAll, validateLogin, type LoginValues } from './validation';

// only administrators with a second factor see this step: residents never download it or its texts
const MfaStep = lazyWithTexts(
  async () => (await import('./components/mfa-step')).MfaStep,
  'access',
);

const FIELD_IDS = { dni: 'login-dni', password: 'login-password' } as const;

/** /login: DNI and password; links to registration, recovery and the reduction help PDF. */
export function LoginPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginValues>({ dni: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof LoginValues>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  // an administrator with a second factor: the password was right, the code comes next
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const t = (id: string) => intl.formatMessage({ id });
  usePageTitle('auth.login.title', hasErrors(errors) || !!problem);

  const signedIn = (token: string) => {
    setToken(token);
    navigate(isAdminToken(token) ? '/admin' : '/dashboard');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateLogin(values);
    setErrors(found);
    setProblem(null);
    setAttempt((n) => n + 1);
    if (hasErrors(found)) return;
    const { dni, password } = trimAll({ ...values });
    setBusy(true);
    const result = await login(dni, password);
    setBusy(false);
    if (result.ok) {
      if ('mfa_token' in result.data) {
        setMfaToken(result.data.mfa_token);
        return;
      }
      signedIn(result.data.access_token);
      return;
    }
    setProblem(
      t(result.status === 401 ? 'auth.login.badCredentials' : 'auth.login.unexpectedError'),
    );
    setAttempt((n) => n + 1);
  };

  const change = (field: keyof LoginValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  if (mfaToken) {
    return (
      <AuthCard>
        <Suspense fallback={<Loading label={t('app.loading')} />}>
          <MfaStep
            mfaToken={mfaToken}
            onSignedIn={signedIn}
            onRestart={() => {
              setMfaToken(null);
              setValues((v) => ({ ...v, password: '' }));
            }}
          />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard>
      <h1 className="mb-6 text-title font-bold">
        <FormattedMessage id="auth.login.title" />
      </h1>
      <FormErrorSummary
        className="mb-6"
        errors={errors}
        fieldIds={FIELD_IDS}
        problem={problem}
        attempt={attempt}
      />
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <TextField
          id={FIELD_IDS.dni}
          name="username"
          label={t('auth.field.dni')}
          hint={t('auth.field.dniHint')}
          autoComplete="username"
          autoCapitalize="characters"
          spellCheck={false}
          value={values.dni}
          onChange={change('dni')}
          error={errors.dni ? t(errors.dni) : undefined}
          errorPrefix={t('auth.error.prefix')}
        />
        <PasswordField
          id={FIELD_IDS.password}
          name="password"
          label={t('auth.field.password')}
          autoComplete="current-password"
          value={values.password}
          onChange={change('password')}
          error={errors.password ? t(errors.password) : undefined}
          errorPrefix={t('auth.error.prefix')}
          showLabel={t('auth.field.showPassword')}
          hideLabel={t('auth.field.hidePassword')}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={busy}>
            <FormattedMessage id="auth.login.submit" />
          </Button>
          <Link to="/registrarse" className={buttonVariants({ variant: 'secondary' })}>
            <FormattedMessage id="auth.login.register" />
          </Link>
        </div>
      </form>
      <ul className="mt-6 flex flex-col gap-3">
        <li>
          <Link to="/recuperar-cuenta" className={textLinkClassName}>
            <FormattedMessage id="auth.login.forgot" />
          </Link>
        </li>
        <li>
          <Link to="/actividades" className={textLinkClassName}>
            <FormattedMessage id="auth.login.catalogue" />
          </Link>
        </li>
        <li>
          <TextLink href={helpPdfPath(locale)} download type="application/pdf" hrefLang={locale}>
            <FormattedMessage id="auth.login.helpPdf" />
          </TextLink>
        </li>
      </ul>
    </AuthCard>
  );
}
