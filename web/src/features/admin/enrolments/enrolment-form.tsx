import { FormattedMessage } from 'react-intl';
import { Alert } from '@portal/design-system/components/alert.tsx';
import { MultiSelect } from '@portal/design-system/components/multi-select.tsx';
import { Loading } from '@portal/design-system/components/spinner.tsx';
import { TextField } from '@portal/design-system/components/text-field.tsx';
import { useLocale } from '../../../i18n/i18n-provider';
import { CrudForm, type CrudFormControls } from '../components/crud-form';
import { useFieldProps } from '../components/field-props';
import { useT } from '../components/messages';
import type { Activity } from '../api/activities';
import type { ResourceState } from '../api/use-resource';
import type { EnrolmentField, EnrolmentFormValues } from '../rules';

const ORDER: readonly EnrolmentField[] = ['firstName', 'lastName', 'dni', 'email', 'phone'];
const fieldId = (field: EnrolmentField) => `enrolment-${field}`;

export interface EnrolmentFormProps extends CrudFormControls<EnrolmentField> {
  editing: boolean;
  values: EnrolmentFormValues;
  onChange: (update: (values: EnrolmentFormValues) => EnrolmentFormValues) => void;
  activities: ResourceState<Activity[]>;
}

/** Create/edit form of an enrolment: the person's details and a multi-select of activities. */
export function EnrolmentForm({
  editing,
  values,
  onChange,
  activities,
  ...form
}: EnrolmentFormProps) {
  const t = useT();
  const { locale } = useLocale();

  const input = useFieldProps(values, form.errors, fieldId, (name, text) =>
    onChange((v) => ({ ...v, [name]: text })),
  );

  return (
    <CrudForm
      {...form}
      order={ORDER}
      fieldId={fieldId}
      editing={editing}
      createId="admin.enrolments.create"
      saveChangesId="admin.enrolments.saveChanges"
    >
      <TextField
        {...input('firstName')}
        label={t('admin.enrolments.firstName')}
        autoComplete="off"
        maxLength={80}
      />
      <TextField
        {...input('lastName')}
        label={t('admin.enrolments.lastName')}
        autoComplete="off"
        maxLength={120}
      />
      <TextField
        {...input('dni')}
        label={t('admin.enrolments.dni')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        className="max-w-xs"
      />
      <TextField
        {...input('email')}
        label={t('admin.enrolments.email')}
        optionalText={t('admin.common.optional')}
        type="email"
        autoComplete="off"
        spellCheck={false}
      />
      <TextField
        {...input('phone')}
        label={t('admin.enrolments.phone')}
        type="tel"
        inputMode="numeric"
        autoComplete="off"
        className="max-w-xs"
      />
      {activities.status === 'error' ? (
        <Alert variant="error">
          <FormattedMessage id="admin.enrolments.errorLoadingActivities" />
        </Alert>
      ) : activities.data ? (
        <MultiSelect
          id="enrolment-activities"
          label={t('admin.enrolments.activities')}
          hint={t('admin.enrolments.activitiesHint')}
          optionalText={t('admin.common.optional')}
          errorPrefix={t('admin.common.errorPrefix')}
          items={activities.data.map((a) => ({ id: a.id, name: a.name, startDate: a.start_date }))}
          value={values.activityIds}
          onValueChange={(ids) => onChange((v) => ({ ...v, activityIds: ids }))}
          locale={locale}
        />
      ) : (
        <Loading label={t('admin.common.loading')} />
      )}
    </CrudForm>
  );
}
