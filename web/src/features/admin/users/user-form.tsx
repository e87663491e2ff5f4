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
import type { Enrolment } from '../api/enrolments';
import type { ResourceState } from '../api/use-resource';
import { filterPeople, type UserField, type UserFormMode, type UserFormValues } from '../rules';

const ORDER: readonly UserField[] = ['dni', 'phone', 'email', 'password', 'repeatPassword'];
export const userFieldId = (field: UserField) => `user-${field}`;

export interface UserFormProps extends CrudFormControls<UserField> {
  mode: UserFormMode;
  values: UserFormValues;
  onChange: (values: UserFormValues) => void;
  personId: string;
  onPersonChange: (personId: string) => void;
  people: ResourceState<Enrolment[]>;
}

/** Create/edit form of an account, with the enrolled-person selector that fills dni and phone. */
export function UserForm({
  mode,
  values,
  onChange,
  personId,
  onPersonChange,
  people,
  ...form
}: UserFormProps) {
  const t = useT();
  const [personQuery, setPersonQuery] = useState('');
  const editing = mode === 'edit';
  const allPeople = people.data;

  const options = useMemo(() => {
    const list = allPeople ?? [];
    const shown = filterPeople(list, personQuery);
    // keep the chosen person listed while the search hides it
    const chosen = list.find((p) => String(p.id) === personId);
    if (chosen && !shown.includes(chosen)) shown.unshift(chosen);
    return shown.map((p) => ({
      value: String(p.id),
      label: t('admin.users.personOption', {
        firstName: p.first_name,
        lastName: p.last_name,
        dni: p.dni,
      }),
    }));
  }, [allPeople, personQuery, personId, t]);

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
        {people.status === 'error' ? (
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
              value={personId}
              disabled={editing || people.status === 'loading'}
              onChange={(event) => onPersonChange(event.target.value)}
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
