import { useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { DateInput } from '@portal/design-system/components/date-input.tsx';
import { Field, fieldControlProps, inputClasses } from '@portal/design-system/components/field.tsx';
import { SelectField } from '@portal/design-system/components/select-field.tsx';
import { formatDate } from '@portal/design-system/lib/format.ts';
import { cn } from '@portal/design-system/lib/cn.ts';
import { useLocale } from '../../../i18n/i18n-provider';
import { FormErrorSummary } from '../../../lib/forms/form-error-summary';
import {
  importCircumstanceHolders,
  type AdminCircumstance,
  type CircumstanceImportResult,
} from '../api/circumstances';
import { SubHeading } from '../components/admin-section';
import {
  hasErrors,
  noErrors,
  summaryProps,
  type FormErrorState,
} from '../components/form-error-state';
import { serverMsg, useFormatMsg, useT, type Msg } from '../components/messages';
import { useReportErrors } from '../components/page-errors';
import { checkImport, type ImportField } from './rules';

const ORDER: readonly ImportField[] = ['circumstance', 'validUntil', 'file'];
const fieldId = (field: ImportField) => `circumstance-import-${field}`;

type Outcome =
  | { kind: 'done'; result: CircumstanceImportResult; name: string; validUntil: string }
  | { kind: 'failed'; message: Msg }
  | null;

/**
 * Approves one circumstance until a date for every DNI of a spreadsheet (e.g. the census
 * office's list of registered residents): the counts of new and extended approvals, and the DNIs
 * the records do not have.
 */
export function ImportHolders({
  circumstances,
  onImported,
}: {
  circumstances: readonly AdminCircumstance[];
  onImported: () => void;
}) {
  const t = useT();
  const format = useFormatMsg();
  const { locale } = useLocale();
  const fileRef = useRef<HTMLInputElement>(null);
  const [circumstanceId, setCircumstanceId] = useState('');
  const [validUntil, setValidUntil] = useState('');
  const [errors, setErrors] = useState<FormErrorState<ImportField>>(noErrors);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  useReportErrors('circumstance-import', hasErrors(errors));
  const error = (field: ImportField) =>
    errors.fields[field] ? t(errors.fields[field]) : undefined;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    const file = fileRef.current?.files?.[0] ?? null;
    const problems = checkImport({ circumstanceId, validUntil, file });
    setOutcome(null);
    if (Object.keys(problems).length > 0 || !file) {
      setErrors((e) => ({ fields: problems, summary: null, attempt: e.attempt + 1 }));
      return;
    }
    setErrors((e) => ({ ...noErrors(), attempt: e.attempt }));
    setBusy(true);
    const answer = await importCircumstanceHolders(Number(circumstanceId), file, validUntil);
    setBusy(false);
    if (answer.ok) {
      const chosen = circumstances.find((c) => String(c.id) === circumstanceId);
      setOutcome({
        kind: 'done',
        result: answer.data,
        name: chosen?.name[locale] ?? '',
        validUntil,
      });
      onImported();
    } else {
      setOutcome({
        kind: 'failed',
        message: serverMsg(answer.error, 'admin.circumstances.import.failed'),
      });
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <SubHeading>
        <FormattedMessage id="admin.circumstances.import.title" />
      </SubHeading>
      <p className="max-w-prose text-muted-foreground">
        <FormattedMessage id="admin.circumstances.import.intro" />
      </p>
      <form noValidate onSubmit={submit} className="flex max-w-xl flex-col gap-4">
        <FormErrorSummary {...summaryProps(errors, ORDER, fieldId, format)} />
        <SelectField
          id={fieldId('circumstance')}
          label={t('admin.circumstances.import.circumstance')}
          placeholder={t('admin.circumstances.import.choose')}
          options={circumstances
            .filter((c) => c.review !== 'age')
            .map((c) => ({ value: String(c.id), label: c.name[locale] }))}
          value={circumstanceId}
          onChange={(event) => setCircumstanceId(event.target.value)}
          error={error('circumstance')}
          errorPrefix={t('admin.common.errorPrefix')}
        />
        <DateInput
          id={fieldId('validUntil')}
          label={t('admin.circumstances.import.validUntil')}
          hint={t('admin.circumstances.import.validUntilHint')}
          value={validUntil}
          onChange={(event) => setValidUntil(event.target.value)}
          error={error('validUntil')}
          errorPrefix={t('admin.common.errorPrefix')}
        />
        <Field
          id={fieldId('file')}
          label={t('admin.circumstances.import.file')}
          hint={t('admin.circumstances.import.fileHint')}
          error={error('file')}
          errorPrefix={t('admin.common.errorPrefix')}
        >
          <input
            ref={fileRef}
            type="file"
            name="file"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className={cn(
              inputClasses(),
              'h-auto cursor-pointer file:mr-3 file:cursor-pointer file:rounded-control file:border-0 file:bg-surface file:px-3 file:py-1 file:font-semibold',
            )}
            {...fieldControlProps(fieldId('file'), { hint: true, error: errors.fields.file })}
          />
        </Field>
        <div>
          <Button type="submit" loading={busy}>
            <FormattedMessage id="admin.circumstances.import.submit" />
          </Button>
        </div>
      </form>
      {outcome?.kind === 'done' ? (
        <Alert
          variant="success"
          title={t('admin.circumstances.import.done', {
            name: outcome.name,
            date: formatDate(outcome.validUntil, locale),
          })}
        >
          <dl className="grid grid-cols-[auto_auto] justify-start gap-x-4 gap-y-1">
            {(
              [
                ['admin.circumstances.import.approved', outcome.result.approved],
                ['admin.circumstances.import.extended', outcome.result.extended],
                ['admin.circumstances.import.unknown', outcome.result.unknown_dnis.length],
              ] as const
            ).map(([id, count]) => (
              <div key={id} className="contents">
                <dt>
                  <FormattedMessage id={id} />
                </dt>
                <dd className="font-semibold tabular-nums">{count}</dd>
              </div>
            ))}
          </dl>
          {outcome.result.unknown_dnis.length > 0 ? (
            <>
              <p className="mt-2" id="circumstance-import-unknown">
                <FormattedMessage id="admin.circumstances.import.unknownIntro" />
              </p>
              <ul
                aria-labelledby="circumstance-import-unknown"
                className="mt-1 flex list-none flex-wrap gap-x-4 gap-y-1 font-mono"
              >
                {outcome.result.unknown_dnis.map((dni) => (
                  <li key={dni}>{dni}</li>
                ))}
              </ul>
            </>
          ) : null}
        </Alert>
      ) : null}
      {outcome?.kind === 'failed' ? <Alert variant="error">{format(outcome.message)}</Alert> : null}
    </div>
  );
}
