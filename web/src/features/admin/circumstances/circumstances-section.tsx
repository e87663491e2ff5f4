import { useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '@portal/design-system/components/button.tsx';
import { DataTable, type DataTableColumn } from '@portal/design-system/components/data-table.tsx';
import { useLocale } from '../../../i18n/i18n-provider';
import {
  createCircumstance,
  deleteCircumstance,
  listCircumstances,
  updateCircumstance,
  type AdminCircumstance,
} from '../api/circumstances';
import { useResource } from '../api/use-resource';
import { AdminSection, SubHeading } from '../components/admin-section';
import { DeleteDialog } from '../components/delete-dialog';
import { ListStatus } from '../components/list-status';
import { useT } from '../components/messages';
import { NoticeArea } from '../components/notice-area';
import { rowActionColumns } from '../components/row-actions';
import { useCrudSection } from '../components/use-crud-section';
import { CircumstanceForm } from './circumstance-form';
import { ImportHolders } from './import-holders';
import {
  checkCircumstanceForm,
  circumstanceFieldOf,
  circumstanceToForm,
  emptyCircumstanceForm,
} from './rules';

/**
 * The council's circumstances (large family, disability, pensioner…): each with its name and
 * the proof it needs in three languages, how long an approval lasts and who checks it, and how
 * many approvals and requests it has; new, edit, delete (refused while anyone holds or asks for
 * it), and the import of a list of DNIs for one of them.
 */
export function CircumstancesSection({
  version,
  onChanged,
}: {
  version: number;
  onChanged: () => void;
}) {
  const t = useT();
  const { locale } = useLocale();
  const list = useResource(['circumstances', version], listCircumstances);
  const formHeading = useRef<HTMLHeadingElement>(null);
  const changed = () => {
    list.reload();
    onChanged();
  };
  const crud = useCrudSection({
    formHeading,
    errorsKey: 'circumstances',
    emptyValues: emptyCircumstanceForm,
    toValues: circumstanceToForm,
    check: checkCircumstanceForm,
    serverField: circumstanceFieldOf,
    create: createCircumstance,
    update: updateCircumstance,
    remove: deleteCircumstance,
    messages: {
      created: 'admin.circumstances.saved',
      saveError: 'admin.circumstances.errorSaving',
      deleted: 'admin.circumstances.deleted',
      deleteError: 'admin.circumstances.errorDeleting',
    },
    onChanged: changed,
  });
  const { editing, toDelete } = crud;
  const rows = list.data ?? [];

  const columns: DataTableColumn<AdminCircumstance>[] = [
    {
      id: 'name',
      header: t('admin.circumstances.name'),
      cell: (c) => c.name[locale],
      rowHeader: true,
      className: 'min-w-40',
    },
    {
      id: 'proof',
      header: t('admin.circumstances.proof'),
      cell: (c) => c.proof[locale],
      className: 'min-w-56',
    },
    {
      id: 'validity',
      header: t('admin.circumstances.validityColumn'),
      cell: (c) =>
        c.review === 'age'
          ? t('admin.circumstances.byAgeNoApproval')
          : c.validity_months === null
            ? t('admin.circumstances.untilDocumentDate')
            : t('admin.circumstances.monthsValue', { months: c.validity_months }),
    },
    {
      id: 'review',
      header: t('admin.circumstances.reviewColumn'),
      cell: (c) =>
        c.min_age === null && c.max_age === null
          ? t(`admin.circumstances.review.${c.review}`)
          : `${t(`admin.circumstances.review.${c.review}`)} (${
              c.max_age === null
                ? t('admin.circumstances.agesFrom', { min: c.min_age ?? 0 })
                : t('admin.circumstances.agesRange', { min: c.min_age ?? 0, max: c.max_age })
            })`,
    },
    {
      id: 'approved',
      header: t('admin.circumstances.approved'),
      cell: (c) => c.approved,
      align: 'end',
    },
    {
      id: 'pending',
      header: t('admin.circumstances.pending'),
      cell: (c) => c.pending,
      align: 'end',
    },
    ...rowActionColumns<AdminCircumstance>(t, {
      editLabel: (c) => t('admin.circumstances.editLabel', { name: c.name[locale] }),
      deleteLabel: (c) => t('admin.circumstances.deleteLabel', { name: c.name[locale] }),
      onEdit: crud.startEdit,
      onDelete: crud.setToDelete,
    }),
  ];

  return (
    <AdminSection
      id="admin-circumstances"
      titleId="admin.circumstances.title"
      introId="admin.circumstances.intro"
    >
      <NoticeArea notice={crud.notice} />
      <div className="flex flex-col gap-4">
        <ListStatus list={list} errorId="admin.circumstances.errorLoading" />
        {list.data ? (
          <DataTable
            caption={t('admin.circumstances.tableCaption')}
            columns={columns}
            rows={rows}
            getRowId={(c) => String(c.id)}
            emptyMessage={t('admin.circumstances.empty')}
            aria-busy={list.status === 'loading' || undefined}
          />
        ) : null}
        <div>
          <Button type="button" variant="secondary" onClick={crud.startNew}>
            <FormattedMessage id="admin.circumstances.new" />
          </Button>
        </div>
      </div>

      <div className="flex flex-col gap-4">
        <SubHeading ref={formHeading}>
          {editing
            ? t('admin.circumstances.editTitle', { name: editing.name[locale] })
            : t('admin.circumstances.createTitle')}
        </SubHeading>
        <CircumstanceForm
          {...crud.form}
          editing={editing !== null}
          values={crud.values}
          onChange={crud.setValues}
        />
      </div>

      {rows.length > 0 ? <ImportHolders circumstances={rows} onImported={changed} /> : null}

      <DeleteDialog
        {...crud.deleteDialog}
        title={t('admin.circumstances.deleteTitle', { name: toDelete?.name[locale] ?? '' })}
      />
    </AdminSection>
  );
}
