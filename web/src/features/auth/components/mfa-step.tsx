import { Button } from '@portal/design-system/components/button.tsx';
import { OtpInput } from '@portal/design-system/components/otp-input.tsx';
import { TextField } from '@portal/design-system/components/text-field.tsx';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { council } from '../../../config/council';
import { detailMessage } from '../../../lib/api/client';
import { loginMfa } from '../api/auth-api';
import { FormErrorSummary } from '../../../lib/forms/form-error-summary';

const FIELD_IDS = { code: 'login-mfa-code' } as const;

/**
 * The second step of an administrator's login: the authenticator app's 6-digit code, or one of
 * the recovery codes. An expired or spent step sends the person back to the password.
 */
export function MfaStep({
  mfaToken,
  onSignedIn,
  onRestart,
}: {
  mfaToken: string;
  onSignedIn: (token: string) => void;
  onRestart: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // before the browser paints: a code typed at once into the new step is never split by a later
  // focus move
  useLayoutEffect(() => heading.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setAttempt((n) => n + 1);
    const typed = code.trim();
    if (recovery ? typed === '' : !/^\d{6}$/.test(typed)) {
      setError(t(recovery ? 'auth.mfa.recoveryRequired' : 'auth.mfa.codeRequired'));
      return;
    }
    setBusy(true);
    const result = await loginMfa(mfaToken, typed);
    setBusy(false);
    if (result.ok) {
      onSignedIn(result.data.access_token);
      return;
    }
    const gone = (result.error as { code?: string } | undefined)?.code === 'mfa_token_invalid';
    setExpired(gone);
    setError(detailMessage(result.error, '') || t('auth.login.unexpectedError'));
  };

  return (
    <>
      <h1 ref={heading} tabIndex={-1} className="mb-2 text-title font-bold focus-ring">
        <FormattedMessage id="auth.mfa.title" />
      </h1>
      <p className="mb-6 max-w-prose">
        <FormattedMessage
          id={recovery ? 'auth.mfa.recoveryIntro' : 'auth.mfa.intro'}
          values={{ council: council.name }}
        />
      </p>
      <FormErrorSummary
        className="mb-6"
        errors={{}}
        fieldIds={FIELD_IDS}
        problem={error}
        attempt={attempt}
      />
      {expired ? (
        <Button type="button" onClick={onRestart}>
          <FormattedMessage id="auth.mfa.restart" />
        </Button>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-5">
          {recovery ? (
            <TextField
              id={FIELD_IDS.code}
              label={t('auth.mfa.recoveryLabel')}
              hint={t('auth.mfa.recoveryHint')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              errorPrefix={t('auth.error.prefix')}
              className="max-w-xs font-mono"
            />
          ) : (
            <OtpInput
              id={FIELD_IDS.code}
              label={t('auth.mfa.codeLabel')}
              hint={t('auth.mfa.codeHint')}
              value={code}
              onValueChange={setCode}
              errorPrefix={t('auth.error.prefix')}
            />
          )}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" loading={busy}>
              <FormattedMessage id="auth.mfa.submit" />
            </Button>
            <Button
              type="button"
              variant="link"
              onClick={() => {
                setRecovery((r) => !r);
                setCode('');
                setError(null);
              }}
            >
              <FormattedMessage id={recovery ? 'auth.mfa.useApp' : 'auth.mfa.useRecovery'} />
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
