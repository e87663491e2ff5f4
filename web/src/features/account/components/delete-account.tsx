import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { ConfirmDialog } from '@portal/design-system/components/confirm-dialog.tsx';
import { PasswordField } from '@portal/design-system/components/password-field.tsx';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { deleteMyAccount } from '../api/account-api';

/**
 * "Delete my account", behind a confirmation that asks for the password. The server decides
 * (wrong password, only administrator, too many tries) and its message is shown in the dialog.
 */
export function DeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  function close() {
    setOpen(false);
    setPassword('');
    setError(null);
  }

  async function confirm() {
    if (deleting) return;
    if (password === '') {
      setError(t('account.delete.passwordRequired'));
      return;
    }
    setDeleting(true);
    setError(null);
    const result = await deleteMyAccount(password);
    setDeleting(false);
    if (result.ok) {
      onDeleted();
      return;
    }
    setError(result.message ?? t('account.delete.failed'));
  }

  return (
    <>
      <div>
        <Button type="button" variant="danger" onClick={() => setOpen(true)}>
          <FormattedMessage id="account.delete.button" />
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        title={t('account.delete.confirmTitle')}
        description={t('account.delete.confirmText')}
        confirmLabel={t('account.delete.confirm')}
        cancelLabel={t('account.delete.cancel')}
        onConfirm={() => void confirm()}
        onCancel={close}
        loading={deleting}
      >
        <PasswordField
          id="delete-account-password"
          label={t('account.delete.password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void confirm();
            }
          }}
          errorPrefix={t('account.errorPrefix')}
          showLabel={t('account.delete.showPassword')}
          hideLabel={t('account.delete.hidePassword')}
        />
        {error ? (
          <Alert variant="error" role="alert">
            {error}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
