import { Button } from '@portal/design-system/components/button.tsx';
import { ConfirmDialog } from '@portal/design-system/components/confirm-dialog.tsx';
import { resetUserMfa } from '../api/mfa';
import type { AdminUser } from '../api/users';
import { serverMsg, useT, type Notice } from '../components/messages';
import { useConfirmedUserAction } from './confirmed-user-action';

/**
 * "Reset second factor" for another administrator who lost their phone: after confirming, their
 * authenticator app and sessions stop working and they set it up again at their next login.
 */
export function useMfaReset(onNotice: (notice: Notice) => void) {
  const t = useT();
  const { target, setTarget, busy, confirm } = useConfirmedUserAction({
    run: (user) => resetUserMfa(user.id),
    notice: (user, answer) =>
      answer.ok
        ? {
            variant: 'success',
            message: { id: 'admin.users.mfaResetDone', values: { dni: user.dni } },
          }
        : { variant: 'error', message: serverMsg(answer.error, 'admin.users.mfaResetError') },
    onNotice,
  });

  return {
    column: {
      id: 'mfa',
      header: t('admin.users.mfaColumn'),
      cell: (user: AdminUser) =>
        user.is_admin ? (
          <Button
            type="button"
            variant="secondary"
            size="sm"
            aria-label={t('admin.users.mfaResetLabel', { dni: user.dni })}
            onClick={() => setTarget(user)}
          >
            {t('admin.users.mfaReset')}
          </Button>
        ) : null,
    },
    dialog: (
      <ConfirmDialog
        open={target !== null}
        title={t('admin.users.mfaResetTitle', { dni: target?.dni ?? '' })}
        description={t('admin.users.mfaResetText')}
        confirmLabel={t('admin.users.mfaReset')}
        cancelLabel={t('admin.common.cancel')}
        loading={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setTarget(null)}
      />
    ),
  };
}
