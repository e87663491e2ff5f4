import { useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { Field, fieldControlProps, inputClasses } from '@portal/design-system/components/field.tsx';
import { cn } from '@portal/design-system/lib/cn.ts';
import { AdminSection } from '../components/admin-section';
import { FormErrorSummary } from '../../../lib/forms/form-error-summary';
import {
  hasErrors,
  noErrors,
  summaryProps,
  type FormErrorState,
} from '../components/form-error-state';
import { serverMsg, useFormatMsg, useT, type Msg } from '../components/messages';
import { useReportErrors } from '../components/page-errors';
import { WarningsList } from '../components/warnings-list';
import { saveBlob } from '../../../lib/download';
import { downloadTemplate, uploadTable, type UploadResult } from '../api/upload';
import { checkUploadFile, uploadRowErrors, type RowError } from './rules';

type Outcome =
  | { kind: 'done'; result: UploadResult }
  | { kind: 'rows'; rows: RowError[] }
  | { kind: 'failed'; message: Msg }
  | null;

const FIELD_ID = 'upload-file';

/** 1. Excel upload: pick an .xlsx, send it, show the counts or the rows to fix. */
export function UploadSection({ onImported }: { onImported: () => void }) {
  const t = useT();
  const format = useFormatMsg();
  const fileRef = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<FormErrorState<'file'>>(noErrors);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const [templateBusy, setTemplateBusy] = useState(false);
  const [templateError, setTemplateError] = useState(false);
  useReportErrors('upload', hasErrors(errors));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    const file = fileRef.current?.files?.[0] ?? null;
    const problem = checkUploadFile(file);
    setOutcome(null);
    if (problem || !file) {
      setErrors((e) => ({
        fields: { file: problem ?? 'admin.msg.please_select_file' },
        summary: null,
        attempt: e.attempt + 1,
      }));
      return;
    }
    setErrors((e) => ({ ...noErrors(), attempt: e.attempt }));
    setBusy(true);
    const answer = await uploadTable(file);
    setBusy(false);
    if (answer.ok) {
      setOutcome({ kind: 'done', result: answer.data });
      onImported();
      return;
    }
    const rows = uploadRowErrors(answer.error);
    setOutcome(
      rows
        ? { kind: 'rows', rows }
        : { kind: 'failed', message: serverMsg(answer.error, 'admin.msg.upload_failed') },
    );
  }

  async function getTemplate() {
    if (templateBusy) return;
    setTemplateBusy(true);
    setTemplateError(false);
    const answer = await downloadTemplate();
    setTemplateBusy(false);
    if (answer.ok && answer.data) saveBlob(answer.data as Blob, t('admin.upload.templateFileName'));
    else setTemplateError(true);
  }

  return (
    <AdminSection id="admin-upload" titleId="admin.upload.title" introId="admin.upload.intro">
      <div className="flex flex-col items-start gap-2">
        <Button type="button" variant="secondary" onClick={getTemplate} loading={templateBusy}>
          <FormattedMessage id="admin.upload.template" />
        </Button>
        {templateError ? (
          <Alert variant="error">
            <FormattedMessage id="admin.upload.templateFailed" />
          </Alert>
        ) : null}
      </div>

      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormErrorSummary {...summaryProps(errors, ['file'], () => FIELD_ID, format)} />
        <Field
          id={FIELD_ID}
          label={t('admin.upload.fileLabel')}
          hint={t('admin.upload.fileHint')}
          error={errors.fields.file ? t(errors.fields.file) : undefined}
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
            {...fieldControlProps(FIELD_ID, {
              hint: true,
              error: errors.fields.file,
            })}
          />
        </Field>
        <div>
          <Button type="submit" loading={busy}>
            <FormattedMessage id={busy ? 'admin.upload.uploading' : 'admin.upload.submit'} />
          </Button>
        </div>
      </form>

      <div>
        {outcome?.kind === 'done' ? (
          <Alert variant="success" title={t('admin.upload.done')}>
            <dl className="grid grid-cols-[auto_auto] justify-start gap-x-4 gap-y-1">
              {(
                [
                  ['admin.upload.added', outcome.result.added],
                  ['admin.upload.updated', outcome.result.updated],
                  ['admin.upload.activitiesCreated', outcome.result.activities_created],
                  ['admin.upload.rows', outcome.result.rows],
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
            <p className="mt-2">
              <FormattedMessage
                id="admin.upload.readFrom"
                values={{ sheet: outcome.result.sheet, row: outcome.result.header_row }}
              />
            </p>
          </Alert>
        ) : null}
        {outcome?.kind === 'done' ? (
          <WarningsList
            title={t('admin.common.warningsTitle')}
            items={outcome.result.warnings.map((warning) =>
              t('admin.upload.rowWarning', { row: String(warning.loc[0]), msg: warning.msg }),
            )}
            more={landlinesNotListed(outcome.result, t)}
          />
        ) : null}
        {outcome?.kind === 'rows' ? (
          <Alert variant="error" title={t('admin.upload.rowsTitle')}>
            <p>
              <FormattedMessage id="admin.upload.rowsIntro" />
            </p>
            <ul className="mt-2 list-disc pl-5" aria-label={t('admin.upload.rowsTitle')}>
              {outcome.rows.map((row, index) => (
                <li key={index}>
                  {row.column
                    ? t('admin.upload.rowColumnError', {
                        row: String(row.row),
                        column: row.column,
                        msg: row.msg,
                      })
                    : t('admin.upload.rowError', { row: String(row.row), msg: row.msg })}
                </li>
              ))}
            </ul>
          </Alert>
        ) : null}
        {outcome?.kind === 'failed' ? (
          <Alert variant="error">{format(outcome.message)}</Alert>
        ) : null}
      </div>
    </AdminSection>
  );
}

/** "And 3 more people…": the people with a landline beyond those listed (the list stops at 50). */
function landlinesNotListed(
  result: UploadResult,
  t: (id: string, values?: Record<string, string | number>) => string,
): string | undefined {
  const listed = result.warnings.filter((warning) => warning.type === 'landline').length;
  const more = result.landline_people - listed;
  return more > 0 ? t('admin.upload.moreWarnings', { count: more }) : undefined;
}
