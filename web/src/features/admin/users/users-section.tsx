import { useMemo, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { ConfirmDialog } from '@portal/design-system/components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '@portal/design-system/components/data-table.tsx';
import { SearchBox } from '@portal/design-system/components/search-box.tsx';
import { Loading } from '@portal/design-system/components/spinner.tsx';
import { AdminSection, SubHeading } from '../components/admin-section';
import { hasErrors, noErrors, type FormErrorState } from '../components/form-error-summary';
import { LoadError } from '../components/load-error';
import { serverMsg, useT, type Notice } from '../components/messages';
import { NoticeArea } from '../components/notice-area';
import { useReportErrors } from '../components/page-errors';
import { RowButton } from '../components/row-button';
import { listEnrolments } from '../api/enrolments';
import { createUser, deleteUser, listUsers, updateUser, type AdminUser } from '../api/users';
import { useResource } from '../api/use-resource';
import {
  checkUserForm,
  emptyUserForm,
  filterUsers,
  type UserField,
  type UserFormValues,
} from '../rules';
import { UserForm } from './user-form';

type Editing = { mode: 'create' } | { mode: 'edit'; user: AdminUser };

/** 2. User management: searchable accounts table, delete with confirmation, create/edit form. */
export function UsersSection({ version }: { version: number }) {
  const t = useT();
  const users = useResource(listUsers);
  const people = useResource(listEnrolments, version);
  const [query, setQuery] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [editing, setEditing] = useState<Editing>({ mode: 'create' });
  const [values, setValues] = useState<UserFormValues>(emptyUserForm);
  const [personId, setPersonId] = useState('');
  const [errors, setErrors] = useState<FormErrorState<UserField>>(noErrors);
  const [saving, setSaving] = useState(false);
  const formHeading = useRef<HTMLHeadingElement>(null);
  useReportErrors('users', hasErrors(errors));

  const shown = useMemo(() => filterUsers(users.data ?? [], query), [users.data, query]);

  function resetForm() {
    setEditing({ mode: 'create' });
    setValues(emptyUserForm);
    setPersonId('');
    setErrors(noErrors());
  }

  function startEdit(user: AdminUser) {
    setEditing({ mode: 'edit', user });
    setValues({ ...emptyUserForm, dni: user.dni, phone: user.phone, email: user.email ?? '' });
    const person = people.data?.find((p) => p.dni === user.dni);
    setPersonId(person ? String(person.id) : '');
    setErrors(noErrors());
    setNotice(null);
    setTimeout(() => formHeading.current?.focus());
  }

  function choosePerson(id: string) {
    setPersonId(id);
    const person = people.data?.find((p) => String(p.id) === id);
    if (person) setValues((v) => ({ ...v, dni: person.dni, phone: person.phone }));
  }

  async function submit() {
    if (saving) return;
    const check = checkUserForm(values, editing.mode);
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
    const { password, repeat_password, ...rest } = check.payload;
    const answer =
      editing.mode === 'edit'
        ? await updateUser(editing.user.id, check.payload)
        : await createUser({
            ...rest,
            password: password ?? '',
            repeat_password: repeat_password ?? '',
            // accounts made here are residents' accounts (the contract's default)
            is_admin: false,
          });
    setSaving(false);
    if (!answer.ok) {
      setErrors((e) => ({
        fields: {},
        summary: serverMsg(answer.error, 'admin.msg.error_processing_request'),
        attempt: e.attempt + 1,
      }));
      return;
    }
    setNotice({
      variant: 'success',
      message: {
        id: editing.mode === 'edit' ? 'admin.msg.user_updated' : 'admin.msg.user_created',
      },
    });
    resetForm();
    users.reload();
  }

  async function confirmDelete() {
    if (!toDelete || deleting) return;
    setDeleting(true);
    const answer = await deleteUser(toDelete.id);
    setDeleting(false);
    if (answer.ok) {
      setNotice({ variant: 'success', message: { id: 'admin.msg.user_deleted' } });
      if (editing.mode === 'edit' && editing.user.id === toDelete.id) resetForm();
      users.reload();
    } else {
      setNotice({
        variant: 'error',
        message: serverMsg(answer.error, 'admin.msg.error_deleting_user'),
      });
    }
    setToDelete(null);
  }

  const columns: DataTableColumn<AdminUser>[] = [
    { id: 'dni', header: t('admin.users.dni'), cell: (u) => u.dni, rowHeader: true },
    { id: 'phone', header: t('admin.users.phone'), cell: (u) => u.phone },
    {
      id: 'email',
      header: t('admin.users.emailColumn'),
      cell: (u) => u.email ?? '',
      className: 'break-all',
    },
    {
      id: 'edit',
      header: t('admin.common.edit'),
      cell: (u) => (
        <RowButton
          kind="edit"
          label={t('admin.users.editLabel', { dni: u.dni })}
          onClick={() => startEdit(u)}
        />
      ),
    },
    {
      id: 'delete',
      header: t('admin.common.delete'),
      cell: (u) => (
        <RowButton
          kind="delete"
          label={t('admin.users.deleteLabel', { dni: u.dni })}
          onClick={() => setToDelete(u)}
        />
      ),
    },
  ];

  return (
    <AdminSection id="admin-users" titleId="admin.users.title">
      <NoticeArea notice={notice} />

      <div className="flex flex-col gap-4">
        <SearchBox
          id="user-search"
          label={t('admin.users.search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          containerClassName="max-w-md"
        />
        {users.status === 'error' ? (
          <LoadError messageId="admin.msg.error_loading_users" onRetry={users.reload} />
        ) : null}
        {users.status === 'loading' && !users.data ? (
          <Loading label={t('admin.common.loading')} />
        ) : null}
        {users.data ? (
          <>
            <p className="text-body text-muted-foreground" aria-live="polite">
              <FormattedMessage id="admin.users.count" values={{ count: shown.length }} />
            </p>
            <DataTable
              caption={t('admin.users.tableCaption')}
              columns={columns}
              rows={shown}
              getRowId={(u) => String(u.id)}
              emptyMessage={t(query ? 'admin.common.noMatches' : 'admin.users.empty')}
            />
          </>
        ) : null}
      </div>

      <div className="flex flex-col gap-4">
        <SubHeading ref={formHeading}>
          {editing.mode === 'edit'
            ? t('admin.users.editTitle', { dni: editing.user.dni })
            : t('admin.users.createTitle')}
        </SubHeading>
        <UserForm
          mode={editing.mode}
          values={values}
          onChange={setValues}
          personId={personId}
          onPersonChange={choosePerson}
          people={people}
          errors={errors}
          busy={saving}
          onSubmit={submit}
          onCancelEdit={resetForm}
        />
      </div>

      <ConfirmDialog
        open={toDelete !== null}
        title={t('admin.users.deleteTitle', { dni: toDelete?.dni ?? '' })}
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
