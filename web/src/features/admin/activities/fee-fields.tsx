import { FormattedMessage } from 'react-intl';
import { Button } from '@portal/design-system/components/button.tsx';
import { CheckboxField } from '@portal/design-system/components/checkbox.tsx';
import { DateInput } from '@portal/design-system/components/date-input.tsx';
import { FieldError } from '@portal/design-system/components/field.tsx';
import { TextField } from '@portal/design-system/components/text-field.tsx';
import { fieldError, type FormErrorState } from '../components/form-error-state';
import { useFormatMsg, useT } from '../components/messages';
import { RowList } from '../components/row-list';
import {
  startingBands,
  tariffRow,
  type ActivityErrorField,
  type ActivityFormValues,
  type TariffPart,
  type TariffRow,
} from './rules';

export const tariffFieldId = (row: number, part: TariffPart) => `activity-tariff-${row}-${part}`;

/** The error summary's fields of the bands, in the order they show. */
export const tariffOrder = (rows: readonly TariffRow[]): ActivityErrorField[] =>
  rows.flatMap((_, row) =>
    (['minAge', 'maxAge', 'price', 'default'] as const).map(
      (part) => `tariff.${row}.${part}` as const,
    ),
  );

/**
 * What an activity's fee depends on beyond its price: the prices by age (bands with the one a
 * person without a birth date pays), the day ages are counted on, whether the council's
 * reductions apply here, and the fee group whose fees count together for family discounts.
 */
export function FeeFields({
  values,
  errors,
  feeGroups,
  onChange,
}: {
  values: ActivityFormValues;
  errors: FormErrorState<ActivityErrorField>;
  /** The groups other activities already have (offered as the field's suggestions). */
  feeGroups: readonly string[];
  onChange: (update: (values: ActivityFormValues) => ActivityFormValues) => void;
}) {
  const t = useT();
  const format = useFormatMsg();
  const optional = t('admin.common.optional');
  const errorPrefix = t('admin.common.errorPrefix');
  const rows = values.tariffs;
  const setRows = (update: (rows: TariffRow[]) => TariffRow[]) =>
    onChange((v) => ({ ...v, tariffs: update(v.tariffs) }));
  const error = (row: number, part: TariffPart) =>
    fieldError(errors, `tariff.${row}.${part}`, format);

  return (
    <fieldset className="flex flex-col gap-5 rounded-md border border-border-subtle p-4">
      <legend className="px-1 font-semibold">{t('admin.activities.fees.legend')}</legend>
      <div className="flex flex-col gap-3" role="group" aria-labelledby="activity-tariffs-title">
        <p id="activity-tariffs-title" className="font-semibold">
          <FormattedMessage id="admin.activities.tariffs.title" />
        </p>
        <p className="text-small text-muted-foreground">
          <FormattedMessage
            id={rows.length ? 'admin.activities.tariffs.hint' : 'admin.activities.tariffs.none'}
          />
        </p>
        <RowList
          rows={rows}
          onChange={setRows}
          legend={(index) => t('admin.activities.tariffs.band', { row: index + 1 })}
          removeLabel={(index) => t('admin.activities.tariffs.remove', { row: index + 1 })}
        >
          {(row, index, setRow) => (
            <>
              <div className="flex flex-wrap items-start gap-4">
                <TextField
                  id={tariffFieldId(index, 'minAge')}
                  label={t('admin.activities.tariffs.minAge')}
                  value={row.minAge}
                  onChange={(event) => setRow({ minAge: event.target.value })}
                  error={error(index, 'minAge')}
                  errorPrefix={errorPrefix}
                  inputMode="numeric"
                  autoComplete="off"
                  width="short"
                />
                <TextField
                  id={tariffFieldId(index, 'maxAge')}
                  label={t('admin.activities.tariffs.maxAge')}
                  hint={t('admin.activities.tariffs.maxAgeHint')}
                  value={row.maxAge}
                  onChange={(event) => setRow({ maxAge: event.target.value })}
                  error={error(index, 'maxAge')}
                  errorPrefix={errorPrefix}
                  inputMode="numeric"
                  autoComplete="off"
                  width="short"
                />
                <TextField
                  id={tariffFieldId(index, 'price')}
                  label={t('admin.activities.priceLabel')}
                  value={row.price}
                  onChange={(event) => setRow({ price: event.target.value })}
                  error={error(index, 'price')}
                  errorPrefix={errorPrefix}
                  inputMode="decimal"
                  autoComplete="off"
                  width="short"
                />
              </div>
              <div className="flex flex-col gap-1">
                {error(index, 'default') ? (
                  <FieldError id={`${tariffFieldId(index, 'default')}-error`} prefix={errorPrefix}>
                    {error(index, 'default')}
                  </FieldError>
                ) : null}
                <div className="flex items-center gap-3">
                  <input
                    type="radio"
                    name="activity-tariff-default"
                    id={tariffFieldId(index, 'default')}
                    checked={row.isDefault}
                    onChange={() =>
                      setRows((current) =>
                        current.map((band, i) => ({ ...band, isDefault: i === index })),
                      )
                    }
                    aria-invalid={error(index, 'default') ? true : undefined}
                    aria-describedby={
                      error(index, 'default')
                        ? `${tariffFieldId(index, 'default')}-error`
                        : undefined
                    }
                    className="size-6 shrink-0 cursor-pointer accent-primary focus-ring"
                  />
                  <label htmlFor={tariffFieldId(index, 'default')} className="cursor-pointer">
                    <FormattedMessage id="admin.activities.tariffs.default" />
                  </label>
                </div>
              </div>
            </>
          )}
        </RowList>
        <div>
          <Button
            type="button"
            variant="secondary"
            onClick={() =>
              setRows((current) =>
                current.length === 0 ? startingBands(values.price) : [...current, tariffRow()],
              )
            }
          >
            <FormattedMessage
              id={rows.length ? 'admin.activities.tariffs.add' : 'admin.activities.tariffs.start'}
            />
          </Button>
        </div>
        {rows.length ? (
          <DateInput
            id="activity-ageOn"
            label={t('admin.activities.ageOn')}
            hint={t('admin.activities.ageOnHint')}
            optionalText={optional}
            value={values.ageOn}
            onChange={(event) => {
              const text = event.target.value;
              onChange((v) => ({ ...v, ageOn: text }));
            }}
            error={fieldError(errors, 'ageOn', format)}
            errorPrefix={errorPrefix}
          />
        ) : null}
      </div>
      <CheckboxField
        id="activity-reductionsApply"
        label={t('admin.activities.reductionsApply')}
        hint={t('admin.activities.reductionsApplyHint')}
        checked={values.reductionsApply}
        onCheckedChange={(checked) =>
          onChange((v) => ({ ...v, reductionsApply: checked === true }))
        }
      />
      <TextField
        id="activity-feeGroup"
        label={t('admin.activities.feeGroup')}
        hint={t('admin.activities.feeGroupHint')}
        optionalText={optional}
        value={values.feeGroup}
        onChange={(event) => {
          const text = event.target.value;
          onChange((v) => ({ ...v, feeGroup: text }));
        }}
        error={fieldError(errors, 'feeGroup', format)}
        errorPrefix={errorPrefix}
        maxLength={80}
        autoComplete="off"
        list={feeGroups.length ? 'activity-fee-groups' : undefined}
      />
      {feeGroups.length ? (
        <datalist id="activity-fee-groups">
          {feeGroups.map((group) => (
            <option key={group} value={group} />
          ))}
        </datalist>
      ) : null}
    </fieldset>
  );
}
