import { useMemo, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { DataTable, type DataTableColumn } from '@portal/design-system/components/data-table.tsx';
import { AdminSection, SubHeading } from '../components/admin-section';
import { DeleteDialog } from '../components/delete-dialog';
import { ListSearch } from '../components/list-search';
import { ListStatus } from '../components/list-status';
import { useT } from '../components/messages';
import { NoticeArea } from '../components/notice-area';
import { rowActionColumns } from '../components/row-actions';
import { useCrudSection } from '../components/use-crud-section';
import { listEnrolments } from '../api/enrolments';
import { createUser, deleteUser, listUsers, updateUser, type AdminUser } from '../api/users';
import { useResource } from '../api/use-resource';
import { checkUserForm, emptyUserForm, filterUsers, type UserPayload } from '../rules';
import { UserForm } from './user-form';

/** Accounts made here are residents' accounts (the contract's default). */
function createResidentUser({ password, repeat_password, ...rest }: UserPayload) {
  return createUser({
    ...rest,
    password: password ?? '',
    repeat_password: repeat_password ?? '',
    is_admin: false,
  });
}

/** 2. User management: searchable accounts table, delete with confirmation, create/edit form. */
export function UsersSection({ version }: { version: number }) {
  const t = useT();
  const users = useResource(listUsers);
  const people = useResource(listEnrolments, version);
  const [query, setQuery] = useState('');
  const [personId, setPersonId] = useState('');
  const formHeading = useRef<HTMLHeadingElement>(null);
  const crud = useCrudSection({
    formHeading,
    errorsKey: 'users',
    emptyValues: emptyUserForm,
    toValues: (user: AdminUser) => ({
      ...emptyUserForm,
      dni: user.dni,
      phone: user.phone,
      email: user.email ?? '',
    }),
    check: (values, editing) => checkUserForm(values, editing ? 'edit' : 'create'),
    create: createResidentUser,
    update: updateUser,
    remove: deleteUser,
    messages: {
      created: 'admin.msg.user_created',
      updated: 'admin.msg.user_updated',
      saveError: 'admin.msg.error_processing_request',
      deleted: 'admin.msg.user_deleted',
      deleteError: 'admin.msg.error_deleting_user',
    },
    onChanged: users.reload,
    onReset: () => setPersonId(''),
    onEdit: (user) => {
      const person = people.data?.find((p) => p.dni === user.dni);
      setPersonId(person ? String(person.id) : '');
    },
  });

  const { editing, setValues } = crud;

  const shown = useMemo(() => filterUsers(users.data ?? [], query), [users.data, query]);

  function choosePerson(id: string) {
    setPersonId(id);
    const person = people.data?.find((p) => String(p.id) === id);
    if (person) setValues((v) => ({ ...v, dni: person.dni, phone: person.phone }));
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
    ...rowActionColumns<AdminUser>(t, {
      editLabel: (u) => t('admin.users.editLabel', { dni: u.dni }),
      deleteLabel: (u) => t('admin.users.deleteLabel', { dni: u.dni }),
      onEdit: crud.startEdit,
      onDelete: crud.setToDelete,
    }),
  ];

  return (
    <AdminSection id="admin-users" titleId="admin.users.title">
      <NoticeArea notice={crud.notice} />

      <div className="flex flex-col gap-4">
        <ListSearch
          id="user-search"
          label={t('admin.users.search')}
          query={query}
          onQueryChange={setQuery}
        />
        <ListStatus list={users} errorId="admin.msg.error_loading_users" />
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
          {editing
            ? t('admin.users.editTitle', { dni: editing.dni })
            : t('admin.users.createTitle')}
        </SubHeading>
        <UserForm
          {...crud.form}
          mode={editing ? 'edit' : 'create'}
          values={crud.values}
          onChange={setValues}
          personId={personId}
          onPersonChange={choosePerson}
          people={people}
        />
      </div>

      <DeleteDialog
        {...crud.deleteDialog}
        title={t('admin.users.deleteTitle', { dni: crud.toDelete?.dni ?? '' })}
      />
    </AdminSection>
  );
}
