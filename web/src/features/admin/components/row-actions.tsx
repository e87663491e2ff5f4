import type { DataTableColumn } from '@portal/design-system/components/data-table.tsx';
import type { useT } from './messages';
import { RowButton } from './row-button';

/** The "Edit" and "Delete" columns of a table, each button named after its row. */
export function rowActionColumns<T>(
  t: ReturnType<typeof useT>,
  {
    editLabel,
    deleteLabel,
    onEdit,
    onDelete,
  }: {
    editLabel: (row: T) => string;
    deleteLabel: (row: T) => string;
    onEdit: (row: T) => void;
    onDelete: (row: T) => void;
  },
): DataTableColumn<T>[] {
  return [
    {
      id: 'edit',
      header: t('admin.common.edit'),
      cell: (row) => <RowButton kind="edit" label={editLabel(row)} onClick={() => onEdit(row)} />,
    },
    {
      id: 'delete',
      header: t('admin.common.delete'),
      cell: (row) => (
        <RowButton kind="delete" label={deleteLabel(row)} onClick={() => onDelete(row)} />
      ),
    },
  ];
}
