import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { DateInput } from '@portal/design-system/components/date-input.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@portal/design-system/components/dialog.tsx';
import { SelectField } from '@portal/design-system/components/select-field.tsx';
import { formatDate } from '@portal/design-system/lib/format.ts';
import { useLocale } from '../../../i18n/i18n-provider';
import type { FieldErrors } from '../../../lib/forms/field-errors';
import { FormErrorSummary } from '../../../lib/forms/form-error-summary';
import { madridToday } from '../../../lib/madrid-time';
import {
  listCircumstances,
  recordCircumstance,
  type AdminCircumstance,
} from '../api/circumstances';
import type { Enrolment } from '../api/enrolments';
import { useResource } from '../api/use-resource';
import {
  fieldError,
  noErrors,
  summaryProps,
  type FormErrorState,
} from '../components/form-error-state';
import { serverMsg, useFormatMsg, useT, type Msg, type Notice } from '../components/messages';
import { serverFieldErrors } from '../components/server-errors';
import { addMonths } from '../requests/rules';

type Field = 'circumstance' | 'validUntil';
const ORDER: readonly Field[] = ['circumstance', 'validUntil'];
const fieldId = (field: Field) => `counter-${field}`;

const fullName = (e: Enrolment) => `${e.first_name} ${e.last_name}`;

/** The last day an approval from today is in force by the circumstance's rule, or '' by date. */
function suggestedEnd(circumstance: AdminCircumstance | undefined): string {
  if (!circumstance || circumstance.validity_months === null) return '';
  return addMonths(madridToday(), circumstance.validity_months);
}

/**
 * "Record a circumstance" on a person's row of the enrolments: staff saw the proof at the
 * counter and approve one circumstance until a date, without a document. Offered once the
 * council has circumstances.
 */
export function useRecordAtCounter(version: number, onNotice: (notice: Notice) => void) {
  const t = useT();
  const format = useFormatMsg();
  const { locale } = useLocale();
  const circumstances = useResource(['circumstances', version], listCircumstances);
  const list = circumstances.data ?? [];
  const [person, setPerson] = useState<Enrolment | null>(null);
  const [circumstanceId, setCircumstanceId] = useState('');
  const [validUntil, setValidUntil] = useState('');
  const [errors, setErrors] = useState<FormErrorState<Field>>(noErrors);
  const [failure, setFailure] = useState<Msg | null>(null);
  const [busy, setBusy] = useState(false);

  function open(row: Enrolment) {
    setPerson(row);
    setCircumstanceId('');
    setValidUntil('');
    setErrors(noErrors());
    setFailure(null);
  }

  function choose(id: string) {
    setCircumstanceId(id);
    setValidUntil(suggestedEnd(list.find((c) => String(c.id) === id)));
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!person || busy) return;
    const problems: FieldErrors<Field> = {};
    if (!circumstanceId) problems.circumstance = 'admin.counter.required.circumstance';
    if (!validUntil) problems.validUntil = 'admin.counter.required.validUntil';
    setFailure(null);
    if (Object.keys(problems).length > 0) {
      setErrors((e) => ({ fields: problems, summary: null, attempt: e.attempt + 1 }));
      return;
    }
    setErrors((e) => ({ ...noErrors(), attempt: e.attempt }));
    setBusy(true);
    const answer = await recordCircumstance(person.id, Number(circumstanceId), validUntil);
    setBusy(false);
    if (answer.ok) {
      setPerson(null);
      onNotice({
        variant: 'success',
        message: {
          id: 'admin.counter.done',
          values: {
            circumstance: answer.data.circumstance_name,
            person: answer.data.person_name,
            date: formatDate(validUntil, locale),
          },
        },
      });
      return;
    }
    const details =
      answer.status === 422
        ? serverFieldErrors<Field>(answer.error, (loc) =>
            loc[0] === 'circumstance_id'
              ? 'circumstance'
              : loc[0] === 'valid_until'
                ? 'validUntil'
                : null,
          )
        : null;
    if (details) setErrors((e) => ({ fields: {}, details, summary: null, attempt: e.attempt + 1 }));
    else setFailure(serverMsg(answer.error, 'admin.counter.failed'));
  }

  const errorPrefix = t('admin.common.errorPrefix');
  return {
    /** The column, only once the council has circumstances to record. */
    columns:
      list.length > 0
        ? [
            {
              id: 'circumstance',
              header: t('admin.counter.column'),
              cell: (row: Enrolment) => (
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  aria-label={t('admin.counter.buttonFor', { name: fullName(row) })}
                  onClick={() => open(row)}
                >
                  {t('admin.counter.button')}
                </Button>
              ),
            },
          ]
        : [],
    dialog: (
      <Dialog open={person !== null} onOpenChange={(next) => (next ? null : setPerson(null))}>
        <DialogContent>
          <DialogTitle>
            {t('admin.counter.title', { name: person ? fullName(person) : '' })}
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage id="admin.counter.description" />
          </DialogDescription>
          <form noValidate onSubmit={submit} className="flex flex-col gap-4">
            <FormErrorSummary {...summaryProps(errors, ORDER, fieldId, format)} />
            {failure ? <Alert variant="error">{format(failure)}</Alert> : null}
            <SelectField
              id={fieldId('circumstance')}
              label={t('admin.counter.circumstance')}
              placeholder={t('admin.circumstances.import.choose')}
              options={list
                .filter((c) => c.review !== 'age')
                .map((c) => ({ value: String(c.id), label: c.name[locale] }))}
              value={circumstanceId}
              onChange={(event) => choose(event.target.value)}
              error={fieldError(errors, 'circumstance', format)}
              errorPrefix={errorPrefix}
            />
            <DateInput
              id={fieldId('validUntil')}
              label={t('admin.counter.validUntil')}
              hint={t('admin.counter.validUntilHint')}
              value={validUntil}
              onChange={(event) => setValidUntil(event.target.value)}
              error={fieldError(errors, 'validUntil', format)}
              errorPrefix={errorPrefix}
            />
            <DialogFooter>
              <Button type="button" variant="secondary" onClick={() => setPerson(null)}>
                <FormattedMessage id="admin.common.cancel" />
              </Button>
              <Button type="submit" loading={busy}>
                <FormattedMessage id="admin.counter.submit" />
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    ),
  };
}
