import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Alert } from '@portal/design-system/components/alert.tsx';
import { DateInput } from '@portal/design-system/components/date-input.tsx';
import { MultiSelect } from '@portal/design-system/components/multi-select.tsx';
import { SearchBox } from '@portal/design-system/components/search-box.tsx';
import { Loading } from '@portal/design-system/components/spinner.tsx';
import { TextField } from '@portal/design-system/components/text-field.tsx';
import { useLocale } from '../../../i18n/i18n-provider';
import { CrudForm, type CrudFormControls } from '../components/crud-form';
import { useFieldProps } from '../components/field-props';
import { useT } from '../components/messages';
import { ACTIVITY_OPTIONS, activityOptionsQuery } from '../api/use-first-activities';
import { useDebounced } from '../api/use-server-list';
import type { EnrolmentField, EnrolmentFormValues } from './rules';

const ORDER: readonly EnrolmentField[] = [
  'firstName',
  'lastName',
  'birthDate',
  'dni',
  'email',
  'phone',
];
const fieldId = (field: EnrolmentField) => `enrolment-${field}`;

export interface EnrolmentFormProps extends CrudFormControls<EnrolmentField> {
  editing: boolean;
  /** The person edited has no DNI on record: the field may stay empty. */
  dniOptional: boolean;
  /** The person edited has a birth date on record: it can be corrected, not emptied. */
  birthDateRequired: boolean;
  values: EnrolmentFormValues;
  onChange: (update: (values: EnrolmentFormValues) => EnrolmentFormValues) => void;
  /** Changes when the catalogue changed elsewhere in the panel (the options are read again). */
  activitiesVersion: number;
  /** The activities of the enrolment being edited (kept listed whatever the search). */
  enrolled: readonly { id: number; name: string }[];
}

interface Option {
  id: number;
  name: string;
  startDate: string | null;
}

const toOption = (a: { id: number; name: string; start_date?: string | null }): Option => ({
  id: a.id,
  name: a.name,
  startDate: a.start_date ?? null,
});

/**
 * The activities to offer: the server's first 100 (or those matching the search), plus every
 * chosen one, so a search never unselects what it hides.
 */
function useActivityOptions(
  version: number,
  chosenIds: readonly string[],
  enrolled: EnrolmentFormProps['enrolled'],
) {
  const [query, setQuery] = useState('');
  const q = useDebounced(query.trim(), 300);
  const result = useQuery(activityOptionsQuery(version, q));
  // the chosen activities as last seen, for one enrolment (a new one starts from its own)
  const [picked, setPicked] = useState({ enrolled, items: enrolled.map(toOption) });
  const pickedItems = picked.enrolled === enrolled ? picked.items : enrolled.map(toOption);
  const rows = result.data?.rows;
  const items = useMemo(() => {
    const shown = (rows ?? []).map(toOption);
    for (const item of pickedItems) {
      if (chosenIds.includes(String(item.id)) && !shown.some((s) => s.id === item.id)) {
        shown.push(item);
      }
    }
    return shown;
  }, [rows, pickedItems, chosenIds]);
  return {
    query,
    setQuery,
    items,
    /** Remembers the chosen activities' names, then reports the choice. */
    choose(ids: string[], report: (ids: string[]) => void) {
      const chosen = ids.flatMap((id) => items.filter((item) => String(item.id) === id));
      setPicked({ enrolled, items: chosen });
      report(ids);
    },
    /** Only a catalogue too large to list at once needs the search box. */
    searchable: query !== '' || (result.data?.total ?? 0) > ACTIVITY_OPTIONS,
    status: result.isError ? 'error' : result.data ? 'ready' : 'loading',
  } as const;
}

/** Create/edit form of an enrolment: the person's details and a multi-select of activities. */
export function EnrolmentForm({
  editing,
  dniOptional,
  birthDateRequired,
  values,
  onChange,
  activitiesVersion,
  enrolled,
  ...form
}: EnrolmentFormProps) {
  const t = useT();
  const { locale } = useLocale();
  const activities = useActivityOptions(activitiesVersion, values.activityIds, enrolled);

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
      <DateInput
        {...input('birthDate')}
        label={t('admin.enrolments.birthDate')}
        optionalText={birthDateRequired ? undefined : t('admin.common.optional')}
        hint={t('admin.enrolments.birthDateHint')}
        autoComplete="off"
      />
      <TextField
        {...input('dni')}
        label={t('admin.enrolments.dni')}
        optionalText={dniOptional ? t('admin.common.optional') : undefined}
        hint={dniOptional ? t('admin.enrolments.dniOptionalHint') : undefined}
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
      ) : activities.status === 'ready' ? (
        <>
          {activities.searchable ? (
            <SearchBox
              id="enrolment-activity-search"
              label={t('admin.enrolments.activitySearch')}
              value={activities.query}
              onChange={(event) => activities.setQuery(event.target.value)}
              containerClassName="max-w-md"
            />
          ) : null}
          <MultiSelect
            id="enrolment-activities"
            label={t('admin.enrolments.activities')}
            hint={t('admin.enrolments.activitiesHint')}
            optionalText={t('admin.common.optional')}
            errorPrefix={t('admin.common.errorPrefix')}
            items={activities.items}
            value={values.activityIds}
            onValueChange={(ids) =>
              activities.choose(ids, (chosen) => onChange((v) => ({ ...v, activityIds: chosen })))
            }
            locale={locale}
          />
        </>
      ) : (
        <Loading label={t('admin.common.loading')} />
      )}
    </CrudForm>
  );
}
