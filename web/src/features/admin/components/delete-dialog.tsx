import { ConfirmDialog } from '@portal/design-system/components/confirm-dialog.tsx';
import { useT } from './messages';

/** "Delete …?" confirmation of a row: cannot be undone, Delete / Cancel. */
export function DeleteDialog({
  open,
  title,
  deleting,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  deleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <ConfirmDialog
      open={open}
      title={title}
      description={t('admin.common.cannotUndo')}
      confirmLabel={t('admin.common.delete')}
      cancelLabel={t('admin.common.cancel')}
      loading={deleting}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
