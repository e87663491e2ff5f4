import { useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '@portal/design-system/components/button.tsx';
import type { DataTableColumn } from '@portal/design-system/components/data-table.tsx';
import { DateInput } from '@portal/design-system/components/date-input.tsx';
import { SelectField } from '@portal/design-system/components/select-field.tsx';
import { TextArea } from '@portal/design-system/components/text-area.tsx';
import { TextField } from '@portal/design-system/components/text-field.tsx';
import { formatDate, formatEuros } from '@portal/design-system/lib/format.ts';
import { useLocale } from '../../../i18n/i18n-provider';
import { AdminSection, SubHeading } from '../components/admin-section';
import { CrudForm } from '../components/crud-form';
import { DeleteDialog } from '../components/delete-dialog';
import { useFieldProps } from '../components/field-props';
import { useT } from '../components/messages';
import { NoticeArea } from '../components/notice-area';
import { rowActionColumns } from '../components/row-actions';
import { useCrudSection } from '../components/use-crud-section';
import {
  createActivity,
  deleteActivity,
  listActivitiesPage,
  updateActivity,
  type Activity,
} from '../api/activities';
import { useServerList } from '../api/use-server-list';
import { ServerTable } from '../components/server-table';
import { useFirstActivities } from '../api/use-first-activities';
import { listCircumstances } from '../api/circumstances';
import { useResource } from '../api/use-resource';
import { FeeFields, tariffFieldId, tariffOrder } from './fee-fields';
import { PARTS_FIELD_ID, partFieldId, partsOrder, PartsFields } from './parts-fields';
import { partsConflictField, type PartRow, type PartsBy } from './parts-rules';
import { groupFieldId, groupOrder, LotteryDrawFields, PriorityGroupFields } from './draw-fields';
import { drawConflictField, type GroupRow } from './draw-settings';
import {
  activityFieldOf,
  activityToForm,
  checkActivityForm,
  emptyActivityForm,
  MULTILINE_TEXT_KINDS,
  priceToText,
  TEXT_KINDS,
  TEXT_LANGUAGES,
  textField,
  type ActivityErrorField,
  type ActivityField,
  type TariffRow,
} from './rules';

/** The form's fields in the order they show (the error summary lists them so). */
const SEASON_ORDER: readonly ActivityField[] = [
  'allocation',
  'capacity',
  'openAt',
  'closeAt',
  'offerHours',
  'claimsDays',
  'waitlistEndsAt',
  'freePlacesAt',
  'description',
  'schedule',
  'venue',
  ...TEXT_KINDS.flatMap((kind) => TEXT_LANGUAGES.map((lang) => textField(kind, lang))),
  'minBirthYear',
  'maxBirthYear',
];
const orderOf = (
  rows: readonly TariffRow[],
  groups: readonly GroupRow[],
  parts: readonly PartRow[],
  by: PartsBy,
): ActivityErrorField[] => [
  'name',
  'price',
  'registrationFee',
  'startDate',
  ...tariffOrder(rows),
  'ageOn',
  'feeGroup',
  ...partsOrder(parts, by),
  ...SEASON_ORDER,
  'publicValueSource',
  'publicValueDescription',
  'reservedPlaces',
  'reservedCircumstanceId',
  'priorityMode',
  ...groupOrder(groups),
];
const fieldId = (field: ActivityErrorField) => {
  if (field === 'parts') return PARTS_FIELD_ID;
  const part = /^part\.(\d+)\.(\w+)$/.exec(field);
  if (part) return partFieldId(Number(part[1]), part[2] as Parameters<typeof partFieldId>[1]);
  const band = /^tariff\.(\d+)\.(\w+)$/.exec(field);
  if (band) return tariffFieldId(Number(band[1]), band[2] as Parameters<typeof tariffFieldId>[1]);
  const group = /^group\.(\d+)\.(\w+)$/.exec(field);
  if (group) return groupFieldId(Number(group[1]), group[2] as Parameters<typeof groupFieldId>[1]);
  return `activity-${field}`;
};

/** The fee groups the catalogue's first activities have, for the form's suggestions. */
function useFeeGroups(version: number): string[] {
  const { rows } = useFirstActivities(version);
  return [...new Set(rows.flatMap((a) => (a.fee_group ? [a.fee_group] : [])))].sort((a, b) =>
    a.localeCompare(b),
  );
}

/**
 * 3. Manual activity management: the catalogue searched and paged by the server, with new, edit
 * and delete.
 */
export function ActivitiesSection({
  version,
  onChanged,
}: {
  version: number;
  onChanged: () => void;
}) {
  const t = useT();
  const { locale } = useLocale();
  const [changes, setChanges] = useState(0);
  const activities = useServerList('activities', listActivitiesPage, `${version}.${changes}`);
  const formHeading = useRef<HTMLHeadingElement>(null);
  const crud = useCrudSection({
    formHeading,
    errorsKey: 'activities',
    emptyValues: emptyActivityForm,
    toValues: (activity: Activity) =>
      activityToForm(activity, (price) => priceToText(price, locale), locale),
    check: checkActivityForm,
    serverField: activityFieldOf,
    conflictField: (code) => drawConflictField(code) ?? partsConflictField(code),
    create: createActivity,
    update: updateActivity,
    remove: deleteActivity,
    messages: {
      created: 'admin.activities.saved',
      saveError: 'admin.msg.error_saving_activity',
      deleted: 'admin.activities.deleted',
      deleteError: 'admin.msg.error_deleting_activity',
    },
    onChanged: () => {
      setChanges((n) => n + 1);
      onChanged();
    },
  });
  const { editing, setValues } = crud;
  const input = useFieldProps<ActivityField, ActivityErrorField>(
    crud.values,
    crud.form.errors,
    fieldId,
    (name, text) => setValues((v) => ({ ...v, [name]: text })),
  );
  const feeGroups = useFeeGroups(version);
  const circumstances = useResource(['circumstances', version], listCircumstances).data ?? [];
  const byAge = crud.values.tariffs.length > 0;

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
    // two activities may share a name: their dates, venue and places tell them apart
    { id: 'venue', header: t('admin.activities.column.venue'), cell: (a) => a.venue ?? '' },
    {
      id: 'allocation',
      header: t('admin.activities.column.allocation'),
      cell: (a) => t(`admin.activities.allocationShort.${a.allocation}`),
    },
    {
      id: 'places',
      header: t('admin.activities.column.places'),
      cell: (a) =>
        a.allocation === 'none' || a.capacity === null
          ? t('admin.activities.noPlaces')
          : t('admin.activities.placesCount', { count: a.capacity }),
      className: 'whitespace-nowrap',
    },
    ...rowActionColumns<Activity>(t, {
      editLabel: (a) => t('admin.activities.editLabel', { name: a.name }),
      deleteLabel: (a) => t('admin.activities.deleteLabel', { name: a.name }),
      onEdit: crud.startEdit,
      onDelete: crud.setToDelete,
    }),
  ];

  return (
    <AdminSection id="admin-activities" titleId="admin.activities.title">
      <NoticeArea notice={crud.notice} />

      <div className="flex flex-col gap-4">
        <ServerTable
          list={activities}
          searchId="activity-search"
          messages={{
            search: 'admin.activities.search',
            error: 'admin.msg.error_loading_activities',
            caption: 'admin.activities.tableCaption',
            empty: 'admin.activities.empty',
            pagination: 'admin.activities.pagination',
          }}
          columns={columns}
        />
        <div>
          <Button type="button" variant="secondary" onClick={crud.startNew}>
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
        <CrudForm
          {...crud.form}
          order={orderOf(
            crud.values.tariffs,
            crud.values.priorityGroups,
            crud.values.parts,
            crud.values.partsBy,
          )}
          fieldId={fieldId}
          editing={editing !== null}
          createId="admin.activities.create"
          saveChangesId="admin.activities.saveChanges"
        >
          <TextField {...input('name')} label={t('admin.activities.name')} maxLength={120} />
          {byAge ? null : (
            <TextField
              {...input('price')}
              label={t('admin.activities.priceLabel')}
              hint={t('admin.activities.priceHint')}
              inputMode="decimal"
              autoComplete="off"
              className="max-w-40"
            />
          )}
          <TextField
            {...input('registrationFee')}
            label={t('admin.activities.registrationFee')}
            hint={t('admin.activities.registrationFeeHint')}
            optionalText={t('admin.common.optional')}
            inputMode="decimal"
            autoComplete="off"
            className="max-w-40"
          />
          <DateInput
            {...input('startDate')}
            label={t('admin.activities.startDate')}
            optionalText={t('admin.common.optional')}
          />
          <FeeFields
            values={crud.values}
            errors={crud.form.errors}
            feeGroups={feeGroups}
            onChange={setValues}
          />
          <PartsFields values={crud.values} errors={crud.form.errors} onChange={setValues} />
          <SelectField
            id={fieldId('allocation')}
            label={t('admin.activities.allocation')}
            hint={t('admin.activities.allocationHint')}
            errorPrefix={t('admin.common.errorPrefix')}
            value={crud.values.allocation}
            onChange={(event) => setValues((v) => ({ ...v, allocation: event.target.value }))}
            options={(['none', 'first_come', 'lottery'] as const).map((value) => ({
              value,
              label: t(`admin.activities.allocation.${value}`),
            }))}
          />
          {crud.values.allocation !== 'none' ? (
            <>
              <SeasonFields input={input} lottery={crud.values.allocation === 'lottery'} />
              {crud.values.allocation === 'lottery' ? (
                <LotteryDrawFields
                  values={crud.values}
                  errors={crud.form.errors}
                  circumstances={circumstances}
                  onChange={setValues}
                />
              ) : null}
              <PriorityGroupFields
                values={crud.values}
                errors={crud.form.errors}
                circumstances={circumstances}
                onChange={setValues}
              />
            </>
          ) : null}
        </CrudForm>
      </div>

      <DeleteDialog
        {...crud.deleteDialog}
        title={t('admin.activities.deleteTitle', { name: crud.toDelete?.name ?? '' })}
      />
    </AdminSection>
  );
}

type InputProps = ReturnType<ReturnType<typeof useFieldProps<ActivityField, ActivityErrorField>>>;

/** The fields of an activity with places: places, window (Madrid time), offer, texts, ages. */
function SeasonFields({
  input,
  lottery,
}: {
  input: (name: ActivityField) => InputProps;
  lottery: boolean;
}) {
  const t = useT();
  const optional = t('admin.common.optional');
  return (
    <fieldset className="flex flex-col gap-5 rounded-md border border-border-subtle p-4">
      <legend className="px-1 font-semibold">{t('admin.activities.placesLegend')}</legend>
      <TextField
        {...input('capacity')}
        label={t('admin.activities.capacity')}
        inputMode="numeric"
        autoComplete="off"
        className="max-w-32"
      />
      <TextField
        {...input('openAt')}
        type="datetime-local"
        label={t('admin.activities.openAt')}
        hint={t('admin.activities.madridTime')}
        className="max-w-64"
      />
      <TextField
        {...input('closeAt')}
        type="datetime-local"
        label={t('admin.activities.closeAt')}
        hint={t('admin.activities.madridTime')}
        className="max-w-64"
      />
      <TextField
        {...input('offerHours')}
        label={t('admin.activities.offerHours')}
        hint={t('admin.activities.offerHoursHint')}
        inputMode="numeric"
        autoComplete="off"
        className="max-w-32"
      />
      {lottery ? (
        <TextField
          {...input('claimsDays')}
          label={t('admin.activities.claimsDays')}
          hint={t('admin.activities.claimsDaysHint')}
          optionalText={optional}
          inputMode="numeric"
          autoComplete="off"
          className="max-w-32"
        />
      ) : null}
      <TextField
        {...input('waitlistEndsAt')}
        type="datetime-local"
        label={t('admin.activities.waitlistEndsAt')}
        hint={t('admin.activities.waitlistEndsAtHint')}
        optionalText={optional}
        className="max-w-64"
      />
      <TextField
        {...input('freePlacesAt')}
        type="datetime-local"
        label={t('admin.activities.freePlacesAt')}
        hint={t('admin.activities.freePlacesAtHint')}
        optionalText={optional}
        className="max-w-64"
      />
      <TextArea
        {...input('description')}
        label={t('admin.activities.description')}
        optionalText={optional}
        maxLength={500}
      />
      <TextArea
        {...input('schedule')}
        label={t('admin.activities.schedule')}
        optionalText={optional}
        maxLength={500}
      />
      <TextField
        {...input('venue')}
        label={t('admin.activities.venue')}
        optionalText={optional}
        maxLength={500}
      />
      <fieldset className="flex flex-col gap-5 rounded-md border border-border-subtle p-4">
        <legend className="px-1 font-semibold">{t('admin.activities.textsLegend')}</legend>
        <p className="text-muted-foreground">{t('admin.activities.textsHint')}</p>
        {TEXT_KINDS.flatMap((kind) => {
          const Control = MULTILINE_TEXT_KINDS.has(kind) ? TextArea : TextField;
          return TEXT_LANGUAGES.map((lang) => (
            <Control
              key={textField(kind, lang)}
              {...input(textField(kind, lang))}
              label={t('admin.activities.textIn', {
                field: t(`admin.activities.${kind}`),
                language: t(`admin.activities.language.${lang}`),
              })}
              optionalText={optional}
              maxLength={500}
            />
          ));
        })}
      </fieldset>
      <TextField
        {...input('minBirthYear')}
        label={t('admin.activities.minBirthYear')}
        optionalText={optional}
        inputMode="numeric"
        autoComplete="off"
        className="max-w-32"
      />
      <TextField
        {...input('maxBirthYear')}
        label={t('admin.activities.maxBirthYear')}
        optionalText={optional}
        inputMode="numeric"
        autoComplete="off"
        className="max-w-32"
      />
    </fieldset>
  );
}
