import { useRef, useState } from 'react';
import { EmailAddress } from '@portal/design-system/components/email-address.tsx';
import type { DataTableColumn } from '@portal/design-system/components/data-table.tsx';
import { AdminSection, SubHeading } from '../components/admin-section';
import { DeleteDialog } from '../components/delete-dialog';
import { useT } from '../components/messages';
import { NoticeArea } from '../components/notice-area';
import { rowActionColumns } from '../components/row-actions';
import { useCrudSection } from '../components/use-crud-section';
import {
  createEnrolment,
  deleteEnrolment,
  listEnrolmentsPage,
  updateEnrolment,
  type Enrolment,
} from '../api/enrolments';
import { useServerList } from '../api/use-server-list';
import { ServerTable } from '../components/server-table';
import {
  birthDateIsRequired,
  checkEnrolmentForm,
  dniIsOptional,
  emptyEnrolmentForm,
  enrolmentFieldOf,
} from './rules';
import { EnrolmentForm } from './enrolment-form';
import { EnrolmentFees } from './enrolment-fees';
import { useRecordAtCounter } from '../circumstances/record-at-counter';

const NO_ACTIVITIES: Enrolment['activities'] = [];

const fullName = (e: Enrolment) => `${e.first_name} ${e.last_name}`;

/**
 * 4. Person-activity enrolments: searched and paged by the server, 10 a page (back to page 1 on
 * a new search or a reload), delete with confirmation, the create/edit form, and a circumstance
 * seen at the counter recorded for a person.
 */
export function EnrolmentsSection({
  enrolmentsVersion,
  activitiesVersion,
  circumstancesVersion = 0,
  onChanged,
  onCircumstanceRecorded,
}: {
  enrolmentsVersion: number;
  activitiesVersion: number;
  /** Changes when the council's circumstances (or their approvals) changed elsewhere. */
  circumstancesVersion?: number;
  onChanged: () => void;
  onCircumstanceRecorded?: () => void;
}) {
  const t = useT();
  const [changes, setChanges] = useState(0);
  const enrolments = useServerList(
    'enrolments',
    listEnrolmentsPage,
    `${enrolmentsVersion}.${changes}`,
  );
  const formHeading = useRef<HTMLHeadingElement>(null);
  const crud = useCrudSection({
    formHeading,
    errorsKey: 'enrolments',
    emptyValues: emptyEnrolmentForm,
    toValues: (enrolment: Enrolment) => ({
      firstName: enrolment.first_name,
      lastName: enrolment.last_name,
      birthDate: enrolment.birth_date ?? '',
      dni: enrolment.dni ?? '',
      email: enrolment.email ?? '',
      phone: enrolment.phone,
      activityIds: enrolment.activities.map((a) => String(a.id)),
    }),
    check: checkEnrolmentForm,
    serverField: enrolmentFieldOf,
    create: createEnrolment,
    update: updateEnrolment,
    remove: deleteEnrolment,
    messages: {
      created: 'admin.enrolments.saved',
      saveError: 'admin.enrolments.errorSaving',
      deleted: 'admin.enrolments.deleted',
      deleteError: 'admin.enrolments.errorDeleting',
    },
    onChanged: () => {
      setChanges((n) => n + 1);
      onChanged();
    },
  });

  const { editing, toDelete } = crud;
  const counter = useRecordAtCounter(circumstancesVersion, (notice) => {
    crud.setNotice(notice);
    if (notice.variant === 'success') onCircumstanceRecorded?.();
  });

  const columns: DataTableColumn<Enrolment>[] = [
    { id: 'first', header: t('admin.enrolments.firstName'), cell: (e) => e.first_name },
    { id: 'last', header: t('admin.enrolments.lastName'), cell: (e) => e.last_name },
    {
      id: 'dni',
      header: t('admin.enrolments.dni'),
      cell: (e) => e.dni ?? t('admin.enrolments.noDni'),
    },
    {
      id: 'email',
      header: t('admin.enrolments.emailColumn'),
      cell: (e) => (e.email ? <EmailAddress value={e.email} /> : ''),
    },
    { id: 'phone', header: t('admin.enrolments.phone'), cell: (e) => e.phone },
    {
      id: 'activities',
      header: t('admin.enrolments.activities'),
      // each with what is paid of its fee and what is still to pay
      cell: (e) => <EnrolmentFees activities={e.activities} />,
      className: 'min-w-56',
    },
    ...counter.columns,
    ...rowActionColumns<Enrolment>(t, {
      editLabel: (e) => t('admin.enrolments.editLabel', { name: fullName(e) }),
      deleteLabel: (e) => t('admin.enrolments.deleteLabel', { name: fullName(e) }),
      onEdit: crud.startEdit,
      onDelete: crud.setToDelete,
    }),
  ];

  return (
    <AdminSection id="admin-enrolments" titleId="admin.enrolments.title">
      <NoticeArea notice={crud.notice} />

      <div className="flex flex-col gap-4">
        <ServerTable
          list={enrolments}
          searchId="enrolment-search"
          messages={{
            search: 'admin.enrolments.search',
            error: 'admin.enrolments.errorLoading',
            caption: 'admin.enrolments.tableCaption',
            empty: 'admin.enrolments.empty',
            pagination: 'admin.enrolments.pagination',
          }}
          columns={columns}
        />
      </div>

      <div className="flex flex-col gap-4">
        <SubHeading ref={formHeading}>
          {editing
            ? t('admin.enrolments.editTitle', { name: fullName(editing) })
            : t('admin.enrolments.createTitle')}
        </SubHeading>
        <EnrolmentForm
          {...crud.form}
          editing={editing !== null}
          dniOptional={dniIsOptional(editing)}
          birthDateRequired={birthDateIsRequired(editing)}
          values={crud.values}
          onChange={crud.setValues}
          activitiesVersion={activitiesVersion}
          enrolled={editing?.activities ?? NO_ACTIVITIES}
        />
      </div>

      <DeleteDialog
        {...crud.deleteDialog}
        title={t('admin.enrolments.deleteTitle', { name: toDelete ? fullName(toDelete) : '' })}
      />
      {counter.dialog}
    </AdminSection>
  );
}
