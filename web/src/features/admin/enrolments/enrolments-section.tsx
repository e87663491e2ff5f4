import { useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '@portal/design-system/components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '@portal/design-system/components/data-table.tsx';
import { Pagination } from '@portal/design-system/components/pagination.tsx';
import { SearchBox } from '@portal/design-system/components/search-box.tsx';
import { Loading } from '@portal/design-system/components/spinner.tsx';
import { AdminSection, SubHeading } from '../components/admin-section';
import { hasErrors, noErrors, type FormErrorState } from '../components/form-error-summary';
import { LoadError } from '../components/load-error';
import { serverMsg, useT, type Notice } from '../components/messages';
import { NoticeArea } from '../components/notice-area';
import { useReportErrors } from '../components/page-errors';
import { RowButton } from '../components/row-button';
import { listActivities } from '../api/activities';
import {
  createEnrolment,
  deleteEnrolment,
  listEnrolments,
  updateEnrolment,
  type Enrolment,
} from '../api/enrolments';
import { useResource } from '../api/use-resource';
import {
  checkEnrolmentForm,
  emptyEnrolmentForm,
  filterEnrolments,
  paginate,
  type EnrolmentField,
  type EnrolmentFormValues,
} from '../rules';
import { EnrolmentForm } from './enrolment-form';

/**
 * 4. Person-activity enrolments: searchable table paged by 10 (back to page 1 on a new search or
 * a reload), delete with confirmation, and the create/edit form.
 */
export function EnrolmentsSection({
  enrolmentsVersion,
  activitiesVersion,
  onChanged,
}: {
  enrolmentsVersion: number;
  activitiesVersion: number;
  onChanged: () => void;
}) {
  const t = useT();
  const enrolments = useResource(listEnrolments, enrolmentsVersion);
  const activities = useResource(listActivities, activitiesVersion);
  const [query, setQuery] = useState('');
  // the page belongs to one search and one load of the list: anything newer starts at page 1
  const [pageState, setPageState] = useState({ page: 1, query: '', data: enrolments.data });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [editing, setEditing] = useState<Enrolment | null>(null);
  const [values, setValues] = useState<EnrolmentFormValues>(emptyEnrolmentForm);
  const [errors, setErrors] = useState<FormErrorState<EnrolmentField>>(noErrors);
  const [saving, setSaving] = useState(false);
  const [toDelete, setToDelete] = useState<Enrolment | null>(null);
  const [deleting, setDeleting] = useState(false);
  const formHeading = useRef<HTMLHeadingElement>(null);
  useReportErrors('enrolments', hasErrors(errors));

  const filtered = useMemo(
    () => filterEnrolments(enrolments.data ?? [], query),
    [enrolments.data, query],
  );
  const requestedPage =
    pageState.query === query && pageState.data === enrolments.data ? pageState.page : 1;
  const page = paginate(filtered, requestedPage);

  function goTo(target: number) {
    setPageState({ page: target, query, data: enrolments.data });
  }

  function resetForm() {
    setEditing(null);
    setValues(emptyEnrolmentForm);
    setErrors(noErrors());
  }

  function startEdit(enrolment: Enrolment) {
    setEditing(enrolment);
    setValues({
      firstName: enrolment.first_name,
      lastName: enrolment.last_name,
      dni: enrolment.dni,
      email: enrolment.email ?? '',
      phone: enrolment.phone,
      activityIds: enrolment.activities.map((a) => String(a.id)),
    });
    setErrors(noErrors());
    setNotice(null);
    setTimeout(() => formHeading.current?.focus());
  }

  async function submit() {
    if (saving) return;
    const check = checkEnrolmentForm(values);
    if (!check.ok) {
      setErrors((e) => ({
        fields: check.errors,
        summary: check.summary ? { id: check.summary } : null,
        attempt: e.attempt + 1,
      }));
      return;
    }
    setSaving(true);
    setNotice(null);
    const answer = editing
      ? await updateEnrolment(editing.id, check.payload)
      : await createEnrolment(check.payload);
    setSaving(false);
    if (!answer.ok) {
      setErrors((e) => ({
        fields: {},
        summary: serverMsg(answer.error, 'admin.enrolments.errorSaving'),
        attempt: e.attempt + 1,
      }));
      return;
    }
    setNotice({ variant: 'success', message: { id: 'admin.enrolments.saved' } });
    resetForm();
    onChanged();
  }

  async function confirmDelete() {
    if (!toDelete || deleting) return;
    setDeleting(true);
    const answer = await deleteEnrolment(toDelete.id);
    setDeleting(false);
    if (answer.ok) {
      setNotice({ variant: 'success', message: { id: 'admin.enrolments.deleted' } });
      if (editing?.id === toDelete.id) resetForm();
      onChanged();
    } else {
      setNotice({
        variant: 'error',
        message: serverMsg(answer.error, 'admin.enrolments.errorDeleting'),
      });
    }
    setToDelete(null);
  }

  const fullName = (e: Enrolment) => `${e.first_name} ${e.last_name}`;
  const columns: DataTableColumn<Enrolment>[] = [
    { id: 'first', header: t('admin.enrolments.firstName'), cell: (e) => e.first_name },
    { id: 'last', header: t('admin.enrolments.lastName'), cell: (e) => e.last_name },
    { id: 'dni', header: t('admin.enrolments.dni'), cell: (e) => e.dni },
    {
      id: 'email',
      header: t('admin.enrolments.emailColumn'),
      cell: (e) => e.email ?? '',
      className: 'break-all',
    },
    { id: 'phone', header: t('admin.enrolments.phone'), cell: (e) => e.phone },
    {
      id: 'activities',
      header: t('admin.enrolments.activities'),
      cell: (e) => e.activities.map((a) => a.name).join(', '),
      className: 'min-w-48',
    },
    {
      id: 'edit',
      header: t('admin.common.edit'),
      cell: (e) => (
        <RowButton
          kind="edit"
          label={t('admin.enrolments.editLabel', { name: fullName(e) })}
          onClick={() => startEdit(e)}
        />
      ),
    },
    {
      id: 'delete',
      header: t('admin.common.delete'),
      cell: (e) => (
        <RowButton
          kind="delete"
          label={t('admin.enrolments.deleteLabel', { name: fullName(e) })}
          onClick={() => setToDelete(e)}
        />
      ),
    },
  ];

  return (
    <AdminSection id="admin-enrolments" titleId="admin.enrolments.title">
      <NoticeArea notice={notice} />

      <div className="flex flex-col gap-4">
        <SearchBox
          id="enrolment-search"
          label={t('admin.enrolments.search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          containerClassName="max-w-md"
        />
        {enrolments.status === 'error' ? (
          <LoadError messageId="admin.enrolments.errorLoading" onRetry={enrolments.reload} />
        ) : null}
        {enrolments.status === 'loading' && !enrolments.data ? (
          <Loading label={t('admin.common.loading')} />
        ) : null}
        {enrolments.data ? (
          <>
            <DataTable
              caption={t('admin.enrolments.tableCaption')}
              columns={columns}
              rows={page.rows}
              getRowId={(e) => String(e.id)}
              emptyMessage={t(query ? 'admin.common.noMatches' : 'admin.enrolments.empty')}
            />
            <Pagination
              page={page.page}
              pageCount={page.pageCount}
              onPageChange={goTo}
              label={t('admin.enrolments.pagination')}
              firstLabel={t('admin.common.firstPage')}
              previousLabel={t('admin.common.previousPage')}
              nextLabel={t('admin.common.nextPage')}
              lastLabel={t('admin.common.lastPage')}
              pageLabel={(n) => t('admin.common.pageN', { page: n })}
              statusText={(n, count) => t('admin.common.pageOf', { page: n, count })}
              resultsText={t('admin.common.results', { count: page.total })}
            />
          </>
        ) : null}
      </div>

      <div className="flex flex-col gap-4">
        <SubHeading ref={formHeading}>
          {editing
            ? t('admin.enrolments.editTitle', { name: fullName(editing) })
            : t('admin.enrolments.createTitle')}
        </SubHeading>
        <EnrolmentForm
          editing={editing !== null}
          values={values}
          onChange={setValues}
          activities={activities}
          errors={errors}
          busy={saving}
          onSubmit={submit}
          onCancelEdit={resetForm}
        />
      </div>

      <ConfirmDialog
        open={toDelete !== null}
        title={t('admin.enrolments.deleteTitle', { name: toDelete ? fullName(toDelete) : '' })}
        description={t('admin.common.cannotUndo')}
        confirmLabel={t('admin.common.delete')}
        cancelLabel={t('admin.common.cancel')}
        loading={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </AdminSection>
  );
}
