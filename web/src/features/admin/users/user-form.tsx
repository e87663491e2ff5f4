import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Alert } from '@portal/design-system/components/alert.tsx';
import { PasswordField } from '@portal/design-system/components/password-field.tsx';
import { SearchBox } from '@portal/design-system/components/search-box.tsx';
import { SelectField } from '@portal/design-system/components/select-field.tsx';
import { TextField } from '@portal/design-system/components/text-field.tsx';
import { CrudForm, type CrudFormControls } from '../components/crud-form';
import { useFieldProps } from '../components/field-props';
import { useT } from '../components/messages';
import { listEnrolmentsPage, type Enrolment } from '../api/enrolments';
import { useDebounced } from '../api/use-server-list';
import type { UserField, UserFormMode, UserFormValues } from './rules';

/** People offered at once in the selector: the search narrows them on the server. */
export const PERSON_OPTIONS = 20;

const ORDER: readonly UserField[] = ['dni', 'phone', 'email', 'password', 'repeatPassword'];
export const userFieldId = (field: UserField) => `user-${field}`;

export interface UserFormProps extends CrudFormControls<UserField> {
  mode: UserFormMode;
  values: UserFormValues;
  onChange: (values: UserFormValues) => void;
  person: Enrolment | null;
  onPersonChange: (person: Enrolment | null) => void;
  /** Changes when enrolments changed elsewhere in the panel (the options are read again). */
  peopleVersion: number;
}

/** Create/edit form of an account, with the enrolled-person selector that fills dni and phone. */
export function UserForm({
  mode,
  values,
  onChange,
  person,
  onPersonChange,
  peopleVersion,
  ...form
}: UserFormProps) {
  const t = useT();
  const [personQuery, setPersonQuery] = useState('');
  const q = useDebounced(personQuery.trim(), 300);
  const editing = mode === 'edit';
  const people = useQuery({
    queryKey: ['admin', 'people', peopleVersion, q],
    queryFn: ({ signal }) => listEnrolmentsPage({ page: 1, q }, signal, PERSON_OPTIONS),
    placeholderData: keepPreviousData,
    enabled: !editing,
  });

  const found = people.data?.rows;
  const choices = useMemo(() => {
    const shown = [...(found ?? [])];
    // keep the chosen person listed while the search hides them
    if (person && !shown.some((p) => p.id === person.id)) shown.unshift(person);
    return shown;
  }, [found, person]);
  const options = choices.map((p) => ({
    value: String(p.id),
    label: t('admin.users.personOption', {
      firstName: p.first_name,
      lastName: p.last_name,
      dni: p.dni ?? t('admin.enrolments.noDni'),
    }),
  }));

  const field = useFieldProps(values, form.errors, userFieldId, (name, text) =>
    onChange({ ...values, [name]: text }),
  );

  return (
    <CrudForm
      {...form}
      order={ORDER}
      fieldId={userFieldId}
      editing={editing}
      createId="admin.users.create"
      saveChangesId="admin.users.saveChanges"
    >
      <fieldset className="flex min-w-0 flex-col gap-3 rounded-panel border border-border-subtle p-4">
        <legend className="px-1 font-semibold">
          <FormattedMessage id="admin.users.personLegend" />
        </legend>
        {people.isError ? (
          <Alert variant="error">
            <FormattedMessage id="admin.msg.error_loading_people" />
          </Alert>
        ) : (
          <>
            <SearchBox
              id="user-person-search"
              label={t('admin.users.personSearch')}
              value={personQuery}
              disabled={editing}
              onChange={(event) => setPersonQuery(event.target.value)}
            />
            <SelectField
              id="user-person"
              label={t('admin.users.person')}
              hint={t(editing ? 'admin.users.personLocked' : 'admin.users.personHint')}
              errorPrefix={t('admin.common.errorPrefix')}
              optionalText={t('admin.common.optional')}
              placeholder={t('admin.users.personPlaceholder')}
              options={options}
              value={person ? String(person.id) : ''}
              disabled={editing || people.isPending}
              onChange={(event) =>
                onPersonChange(choices.find((p) => String(p.id) === event.target.value) ?? null)
              }
            />
          </>
        )}
      </fieldset>

      <TextField
        {...field('dni')}
        label={t('admin.users.dni')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        className="max-w-xs"
      />
      <TextField
        {...field('phone')}
        label={t('admin.users.phone')}
        type="tel"
        inputMode="numeric"
        autoComplete="off"
        className="max-w-xs"
      />
      <TextField
        {...field('email')}
        label={t('admin.users.email')}
        optionalText={t('admin.common.optional')}
        type="email"
        autoComplete="off"
        spellCheck={false}
      />
      <PasswordField
        {...field('password')}
        label={t('admin.users.password')}
        hint={editing ? t('admin.users.passwordKeepHint') : t('admin.users.passwordHint')}
        optionalText={editing ? t('admin.common.optional') : undefined}
        autoComplete="new-password"
        showLabel={t('admin.common.showPassword')}
        hideLabel={t('admin.common.hidePassword')}
      />
      <PasswordField
        {...field('repeatPassword')}
        label={t('admin.users.repeatPassword')}
        optionalText={editing ? t('admin.common.optional') : undefined}
        autoComplete="new-password"
        showLabel={t('admin.common.showPassword')}
        hideLabel={t('admin.common.hidePassword')}
      />
    </CrudForm>
  );
}
