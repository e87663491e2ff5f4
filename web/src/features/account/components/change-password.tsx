import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { PasswordField } from '@portal/design-system/components/password-field.tsx';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { setToken } from '../../../lib/session';
import { changeMyPassword } from '../api/account-api';

type Field = 'current' | 'next' | 'repeat';
const MIN_LENGTH = 8;

/**
 * "Change my password", with the current one: the server checks it and the new one (length,
 * common passwords) and says what is wrong; other sessions end, this one goes on with the token
 * the answer carries.
 */
export function ChangePassword() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [values, setValues] = useState<Record<Field, string>>({
    current: '',
    next: '',
    repeat: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [outcome, setOutcome] = useState<{ ok: true } | { ok: false; message: string } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found: Partial<Record<Field, string>> = {};
    if (values.current === '') found.current = t('account.password.required');
    if (values.next.length < MIN_LENGTH) found.next = t('account.password.tooShort');
    else if (values.repeat !== values.next) found.repeat = t('account.password.mismatch');
    setErrors(found);
    setOutcome(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const result = await changeMyPassword(values.current, values.next, values.repeat);
    setBusy(false);
    if (result.ok) {
      setToken(result.data.access_token);
      setValues({ current: '', next: '', repeat: '' });
      setOutcome({ ok: true });
    } else {
      setOutcome({ ok: false, message: result.message ?? t('account.password.failed') });
    }
  }

  const field = (name: Field, labelId: string, autoComplete: string) => (
    <PasswordField
      id={`change-password-${name}`}
      label={t(labelId)}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
      error={errors[name]}
      errorPrefix={t('account.errorPrefix')}
      showLabel={t('account.delete.showPassword')}
      hideLabel={t('account.delete.hidePassword')}
    />
  );

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex max-w-md flex-col gap-4"
    >
      {field('current', 'account.password.current', 'current-password')}
      {field('next', 'account.password.new', 'new-password')}
      {field('repeat', 'account.password.repeat', 'new-password')}
      {outcome?.ok ? (
        <Alert variant="success">
          <FormattedMessage id="account.password.changed" />
        </Alert>
      ) : null}
      {outcome && !outcome.ok ? <Alert variant="error">{outcome.message}</Alert> : null}
      <div>
        <Button type="submit" loading={busy}>
          <FormattedMessage id="account.password.submit" />
        </Button>
      </div>
    </form>
  );
}
