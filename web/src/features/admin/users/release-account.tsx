import { Button } from '@portal/design-system/components/button.tsx';
import { ConfirmDialog } from '@portal/design-system/components/confirm-dialog.tsx';
import { releaseUser, type AdminUser } from '../api/users';
import { serverMsg, useT, type Notice } from '../components/messages';
import { useConfirmedUserAction } from './confirmed-user-action';

/**
 * An account someone may have registered on another person's DNI: one registered from a mobile
 * that is not the one on the enrolment records (staff see the records' mobile), or one whose DNI's
 * only record a resident added through "add a person" (its mobile proves nothing; staff check the
 * DNI document at the desk first). Releasing the DNI deletes the account and leaves the person's
 * records for their owner to register.
 */
export function useReleaseAccount(onNotice: (notice: Notice) => void, onReleased: () => void) {
  const t = useT();
  const { target, setTarget, busy, confirm } = useConfirmedUserAction({
    run: (user) => releaseUser(user.id),
    notice: (user, answer) =>
      answer.ok
        ? {
            variant: 'success',
            message: { id: 'admin.users.releaseDone', values: { dni: user.dni } },
          }
        : { variant: 'error', message: serverMsg(answer.error, 'admin.users.releaseError') },
    onNotice,
    onDone: onReleased,
  });

  return {
    column: {
      id: 'records',
      header: t('admin.users.recordsColumn'),
      cell: (user: AdminUser) =>
        user.phone_on_records || user.record_added_by_resident ? (
          <div className="flex flex-col items-start gap-1">
            <span>
              {user.phone_on_records
                ? t('admin.users.recordsPhone', { phone: user.phone_on_records })
                : t('admin.users.recordsAddedByResident')}
            </span>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              aria-label={t('admin.users.releaseLabel', { dni: user.dni })}
              onClick={() => setTarget(user)}
            >
              {t('admin.users.release')}
            </Button>
          </div>
        ) : null,
    },
    dialog: (
      <ConfirmDialog
        open={target !== null}
        title={t('admin.users.releaseTitle', { dni: target?.dni ?? '' })}
        description={
          target && !target.phone_on_records && target.record_added_by_resident
            ? t('admin.users.releaseAddedText', { dni: target.dni })
            : t('admin.users.releaseText', {
                phone: target?.phone ?? '',
                records: target?.phone_on_records ?? '',
              })
        }
        confirmLabel={t('admin.users.release')}
        cancelLabel={t('admin.common.cancel')}
        loading={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setTarget(null)}
      />
    ),
  };
}
