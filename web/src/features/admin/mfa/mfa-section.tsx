import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { OtpInput } from '@portal/design-system/components/otp-input.tsx';
import { PasswordField } from '@portal/design-system/components/password-field.tsx';
import { Loading } from '@portal/design-system/components/spinner.tsx';
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { setToken } from '../../../lib/session';
import { confirmMfa, getMfaStatus, startMfaSetup, type MfaSetup } from '../api/mfa';
import { useResource } from '../api/use-resource';
import { AdminSection, SubHeading } from '../components/admin-section';
import { LoadError } from '../components/load-error';
import { serverMsg, useFormatMsg, useT, type Msg } from '../components/messages';

/**
 * The administrator's own second factor: set up an authenticator app (QR code or the secret as
 * text), confirm it with a code, and keep the ten recovery codes shown once. `onEnabled` tells the
 * page (with MFA_FOR_ADMINS=required, the panel opens only then).
 */
export function MfaSection({ onEnabled }: { onEnabled?: () => void }) {
  const t = useT();
  const status = useResource(['mfa'], getMfaStatus);
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [problem, setProblem] = useState<Msg | null>(null);
  const [busy, setBusy] = useState(false);
  const [password, setPassword] = useState('');

  // the server asks for the password again before it hands out a secret
  async function start(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (password === '') {
      setProblem({ id: 'admin.mfa.passwordRequired' });
      return;
    }
    setBusy(true);
    setProblem(null);
    const answer = await startMfaSetup(password);
    setBusy(false);
    if (answer.ok) {
      setPassword('');
      setSetup(answer.data);
    } else setProblem(serverMsg(answer.error, 'admin.mfa.error'));
  }

  function confirmed(recoveryCodes: string[], token: string) {
    // the other sessions ended: this one goes on with the new token
    setToken(token);
    setSetup(null);
    setCodes(recoveryCodes);
  }

  return (
    <AdminSection id="admin-mfa" titleId="admin.mfa.title" introId="admin.mfa.intro">
      {status.status === 'error' && !status.data ? (
        <LoadError messageId="admin.mfa.errorLoading" onRetry={status.reload} />
      ) : null}
      {!status.data && status.status === 'loading' ? (
        <Loading label={t('admin.common.loading')} />
      ) : null}
      {codes ? (
        <RecoveryCodes
          codes={codes}
          onDone={() => {
            setCodes(null);
            status.reload();
            onEnabled?.();
          }}
        />
      ) : status.data?.enabled ? (
        <p>
          <FormattedMessage id="admin.mfa.on" values={{ count: status.data.recovery_codes_left }} />
        </p>
      ) : setup ? (
        <SetupForm setup={setup} onConfirmed={confirmed} />
      ) : status.data ? (
        <form
          className="flex max-w-md flex-col items-start gap-3"
          onSubmit={(event) => void start(event)}
          noValidate
        >
          {problem ? <ProblemAlert msg={problem} /> : null}
          <p>
            <FormattedMessage
              id={status.data.required ? 'admin.mfa.requiredOff' : 'admin.mfa.off'}
            />
          </p>
          <PasswordField
            id="mfa-setup-password"
            label={t('admin.mfa.password')}
            hint={t('admin.mfa.passwordHint')}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            errorPrefix={t('admin.common.errorPrefix')}
            showLabel={t('admin.mfa.showPassword')}
            hideLabel={t('admin.mfa.hidePassword')}
          />
          <Button type="submit" loading={busy}>
            <FormattedMessage id="admin.mfa.start" />
          </Button>
        </form>
      ) : null}
    </AdminSection>
  );
}

function ProblemAlert({ msg }: { msg: Msg }) {
  const format = useFormatMsg();
  return <Alert variant="error">{format(msg)}</Alert>;
}

function SetupForm({
  setup,
  onConfirmed,
}: {
  setup: MfaSetup;
  onConfirmed: (codes: string[], token: string) => void;
}) {
  const t = useT();
  const [code, setCode] = useState('');
  const [error, setError] = useState<Msg | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!/^\d{6}$/.test(code)) {
      setError({ id: 'admin.mfa.codeRequired' });
      return;
    }
    setBusy(true);
    const answer = await confirmMfa(code);
    setBusy(false);
    if (answer.ok) onConfirmed(answer.data.recovery_codes, answer.data.access_token);
    else setError(serverMsg(answer.error, 'admin.mfa.error'));
  }

  const format = useFormatMsg();
  return (
    <div className="flex flex-col gap-4">
      <SubHeading>
        <FormattedMessage id="admin.mfa.scanTitle" />
      </SubHeading>
      <ol className="flex max-w-prose list-decimal flex-col gap-2 pl-6">
        <li>
          <FormattedMessage id="admin.mfa.step1" />
        </li>
        <li>
          <FormattedMessage id="admin.mfa.step2" />
        </li>
        <li>
          <FormattedMessage id="admin.mfa.step3" />
        </li>
      </ol>
      <img
        src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qr_svg)}`}
        alt={t('admin.mfa.qrAlt')}
        width={200}
        height={200}
        className="rounded-control border border-border-subtle bg-white p-2"
      />
      <p>
        <FormattedMessage id="admin.mfa.secretText" />{' '}
        <code className="font-mono break-all select-all" data-testid="mfa-secret">
          {setup.secret}
        </code>
      </p>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
        <OtpInput
          id="mfa-confirm-code"
          label={t('admin.mfa.codeLabel')}
          hint={t('admin.mfa.codeHint')}
          value={code}
          onValueChange={setCode}
          error={error ? format(error) : undefined}
          errorPrefix={t('admin.common.errorPrefix')}
        />
        <div>
          <Button type="submit" loading={busy}>
            <FormattedMessage id="admin.mfa.confirm" />
          </Button>
        </div>
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <Alert variant="success">
        <FormattedMessage id="admin.mfa.enabled" />
      </Alert>
      <SubHeading>
        <FormattedMessage id="admin.mfa.codesTitle" />
      </SubHeading>
      <p className="max-w-prose">
        <FormattedMessage id="admin.mfa.codesText" />
      </p>
      <ul className="grid max-w-md grid-cols-2 gap-2 font-mono" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="rounded-control border border-border-subtle px-2 py-1">
            {code}
          </li>
        ))}
      </ul>
      <div>
        <Button type="button" onClick={onDone}>
          <FormattedMessage id="admin.mfa.codesSaved" />
        </Button>
      </div>
    </div>
  );
}
