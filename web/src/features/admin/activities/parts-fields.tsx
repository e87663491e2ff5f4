import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@portal/design-system/components/button.tsx';
import { DateInput } from '@portal/design-system/components/date-input.tsx';
import { FieldError } from '@portal/design-system/components/field.tsx';
import { TextField } from '@portal/design-system/components/text-field.tsx';
import { fieldError, type FormErrorState } from '../components/form-error-state';
import { useFormatMsg, useT } from '../components/messages';
import { RowList } from '../components/row-list';
import { PARTS_MAX, partRow, partsSum, type PartPart, type PartRow } from './parts-rules';
import type { ActivityErrorField, ActivityFormValues } from './rules';

export const PARTS_FIELD_ID = 'activity-parts';
export const partFieldId = (row: number, part: PartPart) => `activity-part-${row}-${part}`;

/** The error summary's fields of the parts, in the order they show. */
export const partsOrder = (rows: readonly PartRow[]): ActivityErrorField[] => [
  'parts',
  ...rows.flatMap((_, row) =>
    (['percent', 'dueDate'] as const).map((part) => `part.${row}.${part}` as const),
  ),
];

/**
 * "Pago en plazos": the fee split into parts, each a share of it and a last day to pay it
 * online; rows added and removed (at most 12), the shares' sum shown as they are typed. No rows:
 * one payment, by the global deadline.
 */
export function PartsFields({
  values,
  errors,
  onChange,
}: {
  values: ActivityFormValues;
  errors: FormErrorState<ActivityErrorField>;
  onChange: (update: (values: ActivityFormValues) => ActivityFormValues) => void;
}) {
  const t = useT();
  const intl = useIntl();
  const format = useFormatMsg();
  const errorPrefix = t('admin.common.errorPrefix');
  const rows = values.parts;
  const setRows = (update: (rows: PartRow[]) => PartRow[]) =>
    onChange((v) => ({ ...v, parts: update(v.parts) }));
  const error = (row: number, part: PartPart) => fieldError(errors, `part.${row}.${part}`, format);
  const whole = fieldError(errors, 'parts', format);
  const wholeErrorId = `${PARTS_FIELD_ID}-error`;
  const sumId = `${PARTS_FIELD_ID}-sum`;
  const full = rows.length >= PARTS_MAX;

  return (
    <fieldset
      id={PARTS_FIELD_ID}
      tabIndex={-1}
      aria-describedby={whole ? wholeErrorId : undefined}
      className="flex flex-col gap-4 rounded-md border border-border-subtle p-4 focus-ring"
    >
      <legend className="px-1 font-semibold">{t('admin.activities.parts.legend')}</legend>
      <p className="text-small text-muted-foreground">
        <FormattedMessage
          id={rows.length ? 'admin.activities.parts.hint' : 'admin.activities.parts.none'}
        />
      </p>
      {whole ? (
        <FieldError id={wholeErrorId} prefix={errorPrefix}>
          {whole}
        </FieldError>
      ) : null}
      <RowList
        rows={rows}
        onChange={setRows}
        legend={(index) => t('admin.activities.parts.part', { part: index + 1 })}
        removeLabel={(index) => t('admin.activities.parts.remove', { part: index + 1 })}
      >
        {(row, index, setRow) => (
          <div className="flex flex-wrap items-start gap-4">
            <TextField
              id={partFieldId(index, 'percent')}
              label={t('admin.activities.parts.percent')}
              hint={t('admin.activities.parts.percentHint')}
              value={row.percent}
              onChange={(event) => setRow({ percent: event.target.value })}
              error={error(index, 'percent')}
              errorPrefix={errorPrefix}
              inputMode="decimal"
              autoComplete="off"
              width="short"
            />
            <DateInput
              id={partFieldId(index, 'dueDate')}
              label={t('admin.activities.parts.dueDate')}
              hint={t('admin.activities.parts.dueDateHint')}
              value={row.dueDate}
              onChange={(event) => setRow({ dueDate: event.target.value })}
              error={error(index, 'dueDate')}
              errorPrefix={errorPrefix}
            />
          </div>
        )}
      </RowList>
      {rows.length ? (
        <p id={sumId} aria-live="polite" className="font-semibold">
          <FormattedMessage
            id="admin.activities.parts.sum"
            values={{ sum: intl.formatNumber(partsSum(rows) / 100, { maximumFractionDigits: 2 }) }}
          />
        </p>
      ) : null}
      <div className="flex flex-col items-start gap-2">
        <Button
          type="button"
          variant="secondary"
          aria-disabled={full || undefined}
          aria-describedby={full ? `${PARTS_FIELD_ID}-max` : undefined}
          onClick={() => {
            if (!full) setRows((current) => [...current, ...startRows(current)]);
          }}
        >
          <FormattedMessage
            id={rows.length ? 'admin.activities.parts.add' : 'admin.activities.parts.start'}
          />
        </Button>
        {full ? (
          <p id={`${PARTS_FIELD_ID}-max`} className="text-small text-muted-foreground">
            <FormattedMessage id="admin.activities.parts.max" values={{ max: PARTS_MAX }} />
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}

/** Starting with parts gives two halves (the usual split); later one empty row at a time. */
function startRows(current: readonly PartRow[]): PartRow[] {
  return current.length === 0
    ? [partRow({ percent: '50' }), partRow({ percent: '50' })]
    : [partRow()];
}
