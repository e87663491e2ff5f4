import { FormattedMessage } from 'react-intl';
import { Button } from '@portal/design-system/components/button.tsx';
import { CheckboxField } from '@portal/design-system/components/checkbox.tsx';
import { FieldError } from '@portal/design-system/components/field.tsx';
import { SelectField } from '@portal/design-system/components/select-field.tsx';
import { TextField } from '@portal/design-system/components/text-field.tsx';
import { useLocale } from '../../../i18n/i18n-provider';
import type { AdminCircumstance } from '../api/circumstances';
import { fieldError, type FormErrorState } from '../components/form-error-state';
import { useFormatMsg, useT } from '../components/messages';
import {
  GROUP_NAME_MAX,
  groupRow,
  MAX_GROUPS,
  modeOf,
  type GroupPart,
  type GroupRow,
} from './draw-settings';
import type { ActivityErrorField, ActivityFormValues } from './rules';

export const groupFieldId = (row: number, part: GroupPart) => `activity-group-${row}-${part}`;

/** The error summary's fields of the groups, in the order they show. */
export const groupOrder = (rows: readonly GroupRow[]): ActivityErrorField[] =>
  rows.flatMap((_, row) =>
    (['name', 'circumstances', 'opensAt'] as const).map((part) => `group.${row}.${part}` as const),
  );

interface Props {
  values: ActivityFormValues;
  errors: FormErrorState<ActivityErrorField>;
  circumstances: readonly AdminCircumstance[];
  onChange: (update: (values: ActivityFormValues) => ActivityFormValues) => void;
}

/**
 * A lottery's draw beyond chance: the public value its seed is mixed with (named before the
 * applications open) and the places reserved for a circumstance's holders.
 */
export function LotteryDrawFields({ values, errors, circumstances, onChange }: Props) {
  const t = useT();
  const format = useFormatMsg();
  const { locale } = useLocale();
  const errorPrefix = t('admin.common.errorPrefix');
  const optional = t('admin.common.optional');
  const set =
    (
      field:
        | 'publicValueSource'
        | 'publicValueDescription'
        | 'reservedPlaces'
        | 'reservedCircumstanceId',
    ) =>
    (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      const text = event.target.value;
      onChange((v) => ({ ...v, [field]: text }));
    };
  return (
    <>
      <fieldset className="flex flex-col gap-5 rounded-md border border-border-subtle p-4">
        <legend className="px-1 font-semibold">{t('admin.activities.publicValue.legend')}</legend>
        <p className="text-muted-foreground">{t('admin.activities.publicValue.intro')}</p>
        <SelectField
          id="activity-publicValueSource"
          label={t('admin.activities.publicValue.source')}
          hint={t('admin.activities.publicValue.sourceHint')}
          value={values.publicValueSource}
          onChange={set('publicValueSource')}
          options={(['', 'announced', 'drand'] as const).map((value) => ({
            value,
            label: t(`admin.activities.publicValue.option.${value || 'none'}`),
          }))}
          error={fieldError(errors, 'publicValueSource', format)}
          errorPrefix={errorPrefix}
        />
        {values.publicValueSource === 'announced' ? (
          <TextField
            id="activity-publicValueDescription"
            label={t('admin.activities.publicValue.description')}
            hint={t('admin.activities.publicValue.descriptionHint')}
            value={values.publicValueDescription}
            onChange={set('publicValueDescription')}
            error={fieldError(errors, 'publicValueDescription', format)}
            errorPrefix={errorPrefix}
            maxLength={300}
            autoComplete="off"
          />
        ) : null}
      </fieldset>
      <fieldset className="flex flex-col gap-5 rounded-md border border-border-subtle p-4">
        <legend className="px-1 font-semibold">{t('admin.activities.reserved.legend')}</legend>
        <TextField
          id="activity-reservedPlaces"
          label={t('admin.activities.reserved.places')}
          hint={t('admin.activities.reserved.placesHint')}
          optionalText={optional}
          value={values.reservedPlaces}
          onChange={set('reservedPlaces')}
          error={fieldError(errors, 'reservedPlaces', format)}
          errorPrefix={errorPrefix}
          inputMode="numeric"
          autoComplete="off"
          className="max-w-32"
        />
        <SelectField
          id="activity-reservedCircumstanceId"
          label={t('admin.activities.reserved.circumstance')}
          hint={t('admin.activities.reserved.circumstanceHint')}
          value={values.reservedCircumstanceId}
          onChange={set('reservedCircumstanceId')}
          placeholder={t('admin.activities.reserved.noCircumstance')}
          options={circumstances.map((c) => ({ value: String(c.id), label: c.name[locale] }))}
          error={fieldError(errors, 'reservedCircumstanceId', format)}
          errorPrefix={errorPrefix}
        />
      </fieldset>
    </>
  );
}

/**
 * Priority groups: who goes first, each group by the circumstances its members hold (none
 * ticked: everyone, only the last group). A lottery ranks group by group or gives each group an
 * earlier window; first come only the windows.
 */
export function PriorityGroupFields({ values, errors, circumstances, onChange }: Props) {
  const t = useT();
  const format = useFormatMsg();
  const { locale } = useLocale();
  const errorPrefix = t('admin.common.errorPrefix');
  const lottery = values.allocation === 'lottery';
  const mode = modeOf(values.allocation, values.priorityMode);
  const rows = values.priorityGroups;
  const setRows = (update: (rows: GroupRow[]) => GroupRow[]) =>
    onChange((v) => ({ ...v, priorityGroups: update(v.priorityGroups) }));
  const setRow = (index: number, change: Partial<GroupRow>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const error = (row: number, part: GroupPart) =>
    fieldError(errors, `group.${row}.${part}`, format);

  return (
    <fieldset className="flex flex-col gap-5 rounded-md border border-border-subtle p-4">
      <legend className="px-1 font-semibold">{t('admin.activities.groups.legend')}</legend>
      <p className="text-muted-foreground">
        <FormattedMessage
          id={rows.length ? 'admin.activities.groups.hint' : 'admin.activities.groups.none'}
        />
      </p>
      <SelectField
        id="activity-priorityMode"
        label={t('admin.activities.groups.mode')}
        hint={t(
          lottery ? 'admin.activities.groups.modeHint' : 'admin.activities.groups.modeFirstCome',
        )}
        value={mode}
        onChange={(event) => {
          const text = event.target.value;
          onChange((v) => ({ ...v, priorityMode: text }));
        }}
        options={(lottery ? (['ranked', 'windows'] as const) : (['windows'] as const)).map(
          (value) => ({ value, label: t(`admin.activities.groups.modeOption.${value}`) }),
        )}
        error={fieldError(errors, 'priorityMode', format)}
        errorPrefix={errorPrefix}
      />
      {rows.map((row, index) => {
        const circumstancesError = error(index, 'circumstances');
        const circumstancesId = groupFieldId(index, 'circumstances');
        return (
          <fieldset
            key={row.key}
            className="flex flex-col gap-4 rounded-md border border-border-subtle p-3"
          >
            <legend className="px-1 font-semibold">
              {t('admin.activities.groups.group', { row: index + 1 })}
            </legend>
            <TextField
              id={groupFieldId(index, 'name')}
              label={t('admin.activities.groups.name')}
              hint={t('admin.activities.groups.nameHint')}
              value={row.name}
              onChange={(event) => setRow(index, { name: event.target.value })}
              error={error(index, 'name')}
              errorPrefix={errorPrefix}
              maxLength={GROUP_NAME_MAX}
              autoComplete="off"
            />
            <fieldset
              id={circumstancesId}
              tabIndex={-1}
              aria-describedby={[
                `${circumstancesId}-hint`,
                circumstancesError ? `${circumstancesId}-error` : null,
              ]
                .filter(Boolean)
                .join(' ')}
              aria-invalid={circumstancesError ? true : undefined}
              className="flex flex-col gap-3"
            >
              <legend className="font-semibold">
                {t('admin.activities.groups.circumstances')}
              </legend>
              <p id={`${circumstancesId}-hint`} className="text-small text-muted-foreground">
                {t('admin.activities.groups.circumstancesHint')}
              </p>
              {circumstancesError ? (
                <FieldError id={`${circumstancesId}-error`} prefix={errorPrefix}>
                  {circumstancesError}
                </FieldError>
              ) : null}
              {circumstances.map((c) => (
                <CheckboxField
                  key={c.id}
                  id={`${circumstancesId}-${c.id}`}
                  label={c.name[locale]}
                  checked={row.circumstanceIds.includes(c.id)}
                  onCheckedChange={(checked) =>
                    setRow(index, {
                      circumstanceIds:
                        checked === true
                          ? [...row.circumstanceIds.filter((id) => id !== c.id), c.id]
                          : row.circumstanceIds.filter((id) => id !== c.id),
                    })
                  }
                />
              ))}
            </fieldset>
            {mode === 'windows' ? (
              <TextField
                id={groupFieldId(index, 'opensAt')}
                type="datetime-local"
                label={t('admin.activities.groups.opensAt')}
                hint={t('admin.activities.groups.opensAtHint')}
                optionalText={t('admin.common.optional')}
                value={row.opensAt}
                onChange={(event) => setRow(index, { opensAt: event.target.value })}
                error={error(index, 'opensAt')}
                errorPrefix={errorPrefix}
                className="max-w-64"
              />
            ) : null}
            <div>
              <Button
                type="button"
                size="sm"
                variant="secondary"
                onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
              >
                {t('admin.activities.groups.remove', { row: index + 1 })}
              </Button>
            </div>
          </fieldset>
        );
      })}
      {rows.length < MAX_GROUPS ? (
        <div>
          <Button
            type="button"
            variant="secondary"
            onClick={() => setRows((current) => [...current, groupRow()])}
          >
            <FormattedMessage id="admin.activities.groups.add" />
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
