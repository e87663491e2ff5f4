import { useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { EmailAddress } from '@portal/design-system/components/email-address.tsx';
import type { DataTableColumn } from '@portal/design-system/components/data-table.tsx';
import { AdminSection, SubHeading } from '../components/admin-section';
import { DeleteDialog } from '../components/delete-dialog';
import { useT } from '../components/messages';
import { NoticeArea } from '../components/notice-area';
import { rowActionColumns } from '../components/row-actions';
import { useCrudSection } from '../components/use-crud-section';
import { findEnrolmentByDni, type Enrolment } from '../api/enrolments';
import { createUser, deleteUser, listUsersPage, updateUser, type AdminUser } from '../api/users';
import { useServerList } from '../api/use-server-list';
import { ServerTable } from '../components/server-table';
import { checkUserForm, emptyUserForm, type UserPayload } from './rules';
import { useMfaReset } from './mfa-reset';
import { useReleaseAccount } from './release-account';
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

/**
 * 2. User management: accounts searched and paged by the server, delete with confirmation, and
 * the create/edit form whose person selector searches the enrolments on the server.
 */
export function UsersSection({ version }: { version: number }) {
  const t = useT();
  const [changes, setChanges] = useState(0);
  const users = useServerList('users', listUsersPage, changes);
  const [person, setPerson] = useState<Enrolment | null>(null);
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
    onChanged: () => setChanges((n) => n + 1),
    onReset: () => setPerson(null),
    onEdit: (user) => {
      setPerson(null);
      void findEnrolmentByDni(user.dni).then((found) => {
        if (found) setPerson(found);
      });
    },
  });

  const { editing, setValues } = crud;
  const mfaReset = useMfaReset(crud.setNotice);
  const release = useReleaseAccount(crud.setNotice, () => setChanges((n) => n + 1));

  function choosePerson(chosen: Enrolment | null) {
    setPerson(chosen);
    if (chosen) setValues((v) => ({ ...v, dni: chosen.dni ?? '', phone: chosen.phone }));
  }

  const columns: DataTableColumn<AdminUser>[] = [
    { id: 'dni', header: t('admin.users.dni'), cell: (u) => u.dni, rowHeader: true },
    { id: 'phone', header: t('admin.users.phone'), cell: (u) => u.phone },
    {
      id: 'email',
      header: t('admin.users.emailColumn'),
      cell: (u) => (u.email ? <EmailAddress value={u.email} /> : ''),
    },
    release.column,
    mfaReset.column,
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
        <ServerTable
          list={users}
          searchId="user-search"
          messages={{
            search: 'admin.users.search',
            error: 'admin.msg.error_loading_users',
            caption: 'admin.users.tableCaption',
            empty: 'admin.users.empty',
            pagination: 'admin.users.pagination',
          }}
          columns={columns}
          summary={
            <p className="text-body text-muted-foreground" aria-live="polite">
              <FormattedMessage id="admin.users.count" values={{ count: users.total }} />
            </p>
          }
        />
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
          person={person}
          onPersonChange={choosePerson}
          peopleVersion={version}
        />
      </div>

      {release.dialog}
      {mfaReset.dialog}
      <DeleteDialog
        {...crud.deleteDialog}
        title={t('admin.users.deleteTitle', { dni: crud.toDelete?.dni ?? '' })}
      />
    </AdminSection>
  );
}
