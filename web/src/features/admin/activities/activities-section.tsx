import { useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '@portal/design-system/components/button.tsx';
import { ConfirmDialog } from '@portal/design-system/components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '@portal/design-system/components/data-table.tsx';
import { DateInput } from '@portal/design-system/components/date-input.tsx';
import { Loading } from '@portal/design-system/components/spinner.tsx';
import { TextField } from '@portal/design-system/components/text-field.tsx';
import { formatDate, formatEuros } from '@portal/design-system/lib/format.ts';
import { useLocale } from '../../../i18n/i18n-provider';
import { AdminSection, SubHeading } from '../components/admin-section';
import {
  FormErrorSummary,
  hasErrors,
  noErrors,
  type FormErrorState,
} from '../components/form-error-summary';
import { LoadError } from '../components/load-error';
import { serverMsg, useT, type Notice } from '../components/messages';
import { NoticeArea } from '../components/notice-area';
import { useReportErrors } from '../components/page-errors';
import { RowButton } from '../components/row-button';
import {
  createActivity,
  deleteActivity,
  listActivities,
  updateActivity,
  type Activity,
} from '../api/activities';
import { useResource } from '../api/use-resource';
import {
  checkActivityForm,
  emptyActivityForm,
  priceToText,
  type ActivityField,
  type ActivityFormValues,
} from '../rules';

const ORDER: readonly ActivityField[] = ['name', 'price', 'startDate'];
const fieldId = (field: ActivityField) => `activity-${field}`;

/** 3. Manual activity management: catalogue table with new, edit and delete. */
export function ActivitiesSection({
  version,
  onChanged,
}: {
  version: number;
  onChanged: () => void;
}) {
  const t = useT();
  const { locale } = useLocale();
  const activities = useResource(listActivities, version);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [editing, setEditing] = useState<Activity | null>(null);
  const [values, setValues] = useState<ActivityFormValues>(emptyActivityForm);
  const [errors, setErrors] = useState<FormErrorState<ActivityField>>(noErrors);
  const [saving, setSaving] = useState(false);
  const [toDelete, setToDelete] = useState<Activity | null>(null);
  const [deleting, setDeleting] = useState(false);
  const formHeading = useRef<HTMLHeadingElement>(null);
  useReportErrors('activities', hasErrors(errors));

  function resetForm() {
    setEditing(null);
    setValues(emptyActivityForm);
    setErrors(noErrors());
  }

  function startNew() {
    resetForm();
    setNotice(null);
    setTimeout(() => formHeading.current?.focus());
  }

  function startEdit(activity: Activity) {
    setEditing(activity);
    setValues({
      name: activity.name,
      price: priceToText(activity.price, locale),
      startDate: activity.start_date ?? '',
    });
    setErrors(noErrors());
    setNotice(null);
    setTimeout(() => formHeading.current?.focus());
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (saving) return;
    const check = checkActivityForm(values);
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
      ? await updateActivity(editing.id, check.payload)
      : await createActivity(check.payload);
    setSaving(false);
    if (!answer.ok) {
      setErrors((e) => ({
        fields: {},
        summary: serverMsg(answer.error, 'admin.msg.error_saving_activity'),
        attempt: e.attempt + 1,
      }));
      return;
    }
    setNotice({ variant: 'success', message: { id: 'admin.activities.saved' } });
    resetForm();
    onChanged();
  }

  async function confirmDelete() {
    if (!toDelete || deleting) return;
    setDeleting(true);
    const answer = await deleteActivity(toDelete.id);
    setDeleting(false);
    if (answer.ok) {
      setNotice({ variant: 'success', message: { id: 'admin.activities.deleted' } });
      if (editing?.id === toDelete.id) resetForm();
      onChanged();
    } else {
      setNotice({
        variant: 'error',
        message: serverMsg(answer.error, 'admin.msg.error_deleting_activity'),
      });
    }
    setToDelete(null);
  }

  const input = (name: ActivityField) => ({
    id: fieldId(name),
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setValues((v) => ({ ...v, [name]: event.target.value })),
    error: errors.fields[name] ? t(errors.fields[name]) : undefined,
    errorPrefix: t('admin.common.errorPrefix'),
  });

  const columns: DataTableColumn<Activity>[] = [
    { id: 'name', header: t('admin.activities.name'), cell: (a) => a.name, rowHeader: true },
    {
      id: 'price',
      header: t('admin.activities.price'),
      cell: (a) => formatEuros(a.price, locale),
      align: 'end',
      className: 'whitespace-nowrap',
    },
    {
      id: 'start',
      header: t('admin.activities.startDate'),
      cell: (a) => (a.start_date ? formatDate(a.start_date, locale) : ''),
      className: 'whitespace-nowrap',
    },
    {
      id: 'edit',
      header: t('admin.common.edit'),
      cell: (a) => (
        <RowButton
          kind="edit"
          label={t('admin.activities.editLabel', { name: a.name })}
          onClick={() => startEdit(a)}
        />
      ),
    },
    {
      id: 'delete',
      header: t('admin.common.delete'),
      cell: (a) => (
        <RowButton
          kind="delete"
          label={t('admin.activities.deleteLabel', { name: a.name })}
          onClick={() => setToDelete(a)}
        />
      ),
    },
  ];

  return (
    <AdminSection id="admin-activities" titleId="admin.activities.title">
      <NoticeArea notice={notice} />

      <div className="flex flex-col gap-4">
        {activities.status === 'error' ? (
          <LoadError messageId="admin.msg.error_loading_activities" onRetry={activities.reload} />
        ) : null}
        {activities.status === 'loading' && !activities.data ? (
          <Loading label={t('admin.common.loading')} />
        ) : null}
        {activities.data ? (
          <DataTable
            caption={t('admin.activities.tableCaption')}
            columns={columns}
            rows={activities.data}
            getRowId={(a) => String(a.id)}
            emptyMessage={t('admin.activities.empty')}
          />
        ) : null}
        <div>
          <Button type="button" variant="secondary" onClick={startNew}>
            <FormattedMessage id="admin.activities.new" />
          </Button>
        </div>
      </div>

      <div className="flex flex-col gap-4">
        <SubHeading ref={formHeading}>
          {editing
            ? t('admin.activities.editTitle', { name: editing.name })
            : t('admin.activities.createTitle')}
        </SubHeading>
        <form noValidate onSubmit={submit} className="flex max-w-xl flex-col gap-5">
          <FormErrorSummary state={errors} order={ORDER} fieldId={fieldId} />
          <TextField {...input('name')} label={t('admin.activities.name')} maxLength={120} />
          <TextField
            {...input('price')}
            label={t('admin.activities.priceLabel')}
            hint={t('admin.activities.priceHint')}
            inputMode="decimal"
            autoComplete="off"
            className="max-w-40"
          />
          <DateInput
            {...input('startDate')}
            label={t('admin.activities.startDate')}
            optionalText={t('admin.common.optional')}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" loading={saving}>
              <FormattedMessage
                id={editing ? 'admin.activities.saveChanges' : 'admin.activities.create'}
              />
            </Button>
            {editing ? (
              <Button type="button" variant="secondary" onClick={resetForm}>
                <FormattedMessage id="admin.common.cancelEdit" />
              </Button>
            ) : null}
          </div>
        </form>
      </div>

      <ConfirmDialog
        open={toDelete !== null}
        title={t('admin.activities.deleteTitle', { name: toDelete?.name ?? '' })}
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
