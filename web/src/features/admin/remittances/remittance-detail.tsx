import { useRef, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { DataTable, type DataTableColumn } from '@portal/design-system/components/data-table.tsx';
import { Field, fieldControlProps, inputClasses } from '@portal/design-system/components/field.tsx';
import { Loading } from '@portal/design-system/components/spinner.tsx';
import { formatDate, formatEuros } from '@portal/design-system/lib/format.ts';
import { cn } from '@portal/design-system/lib/cn.ts';
import { detailMessage } from '../../../lib/api/client';
import { saveBlob } from '../../../lib/download';
import { useLocale } from '../../../i18n/i18n-provider';
import {
  downloadRemittanceFile,
  getRemittance,
  uploadRemittanceReturns,
  type RemittanceDetail,
  type ReturnsResult,
} from '../api/remittances';
import { useResource } from '../api/use-resource';
import { SubHeading } from '../components/admin-section';
import { LoadError } from '../components/load-error';
import { useT } from '../components/messages';
import { SandboxAnswer } from './sandbox-answer';

type Item = RemittanceDetail['items'][number];
type Return = RemittanceDetail['returns'][number];
const FILE_ID = 'remittance-returns-file';

/**
 * One remittance: its totals, items, the returns applied, its file, and the bank's answer (and,
 * where the sandbox bank is on, the test bank's answer to upload).
 */
export function RemittanceDetailView({
  id,
  onChanged,
  onClose,
}: {
  id: number;
  onChanged: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const { locale } = useLocale();
  const [version, setVersion] = useState(0);
  const detail = useResource(['remittance', id, version], () => getRemittance(id));
  const [fileFailed, setFileFailed] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [applied, setApplied] = useState<ReturnsResult | null>(null);
  const [busy, setBusy] = useState(false);

  async function download() {
    setFileFailed(false);
    const answer = await downloadRemittanceFile(id);
    if (answer.ok && answer.data) {
      saveBlob(answer.data as Blob, `remesa-${id}.xml`);
    } else setFileFailed(true);
  }

  async function upload(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setApplied(null);
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setFileError(t('admin.msg.please_select_file'));
      return;
    }
    setFileError(null);
    setBusy(true);
    const answer = await uploadRemittanceReturns(id, file);
    setBusy(false);
    if (answer.ok) {
      setApplied(answer.data);
      setVersion((n) => n + 1);
      onChanged();
      return;
    }
    setFileError(detailMessage(answer.error, '') || t('admin.remittances.returnsFailed'));
  }

  const reasonOf = (item: Item) =>
    item.return_reason ? `${item.return_reason.code} · ${item.return_reason.text}` : '';
  const itemColumns: DataTableColumn<Item>[] = [
    { id: 'e2e', header: t('admin.remittances.endToEnd'), cell: (i) => i.end_to_end_id },
    {
      id: 'person',
      header: t('admin.remittances.person'),
      cell: (i) => i.person_name,
      rowHeader: true,
    },
    {
      id: 'activity',
      header: t('admin.remittances.activity'),
      cell: (i) =>
        i.part
          ? t('admin.remittances.activityPart', {
              activity: i.activity_name,
              number: i.part.number,
              of: i.part.of,
            })
          : i.activity_name,
    },
    {
      id: 'mandate',
      header: t('admin.remittances.mandate'),
      cell: (i) => `${i.mandate_reference} · ${i.iban_masked} · ${i.sequence_type}`,
    },
    {
      id: 'amount',
      header: t('admin.remittances.amount'),
      cell: (i) => formatEuros(i.amount, locale),
      align: 'end',
      className: 'whitespace-nowrap',
    },
    {
      id: 'status',
      header: t('admin.remittances.status'),
      cell: (i) =>
        i.return_reason
          ? t('admin.remittances.item.returnedWith', { reason: reasonOf(i) })
          : t(`admin.remittances.item.${i.status}`),
    },
  ];
  const returnColumns: DataTableColumn<Return>[] = [
    {
      id: 'e2e',
      header: t('admin.remittances.endToEnd'),
      cell: (r) => r.end_to_end_id,
      rowHeader: true,
    },
    {
      id: 'reason',
      header: t('admin.remittances.reason'),
      cell: (r) => `${r.reason_code} · ${r.reason}`,
    },
    {
      id: 'received',
      header: t('admin.remittances.received'),
      cell: (r) => `${formatDate(r.received_at, locale)} · ${r.file_type}`,
    },
    {
      id: 'represent',
      header: t('admin.remittances.represent'),
      cell: (r) =>
        t(r.represent ? 'admin.remittances.representYes' : 'admin.remittances.representNo'),
    },
  ];

  const data = detail.data;
  return (
    <div
      role="region"
      aria-labelledby="admin-remittance-detail"
      className="flex min-w-0 flex-col gap-4 border-t border-border pt-4"
    >
      <SubHeading id="admin-remittance-detail">
        {data ? (
          <FormattedMessage
            id="admin.remittances.detailTitle"
            values={{ date: formatDate(data.collection_date, locale) }}
          />
        ) : (
          <FormattedMessage id="admin.remittances.detail" />
        )}
      </SubHeading>
      {detail.status === 'error' && !data ? (
        <LoadError messageId="admin.remittances.errorLoadingOne" onRetry={detail.reload} />
      ) : null}
      {detail.status === 'loading' && !data ? <Loading label={t('admin.common.loading')} /> : null}
      {data ? (
        <>
          <dl className="grid max-w-xl grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-body">
            {(['total', 'collected', 'returned', 'pending'] as const).map((key) => (
              <div key={key} className="contents">
                <dt className="font-semibold">
                  <FormattedMessage id={`admin.remittances.${key}`} />
                </dt>
                <dd className="tabular-nums">{formatEuros(data[key], locale)}</dd>
              </div>
            ))}
          </dl>
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="secondary" onClick={() => void download()}>
              <FormattedMessage id="admin.remittances.download" />
            </Button>
            <Button type="button" variant="secondary" onClick={onClose}>
              <FormattedMessage id="admin.remittances.close" />
            </Button>
          </div>
          {fileFailed ? (
            <Alert variant="error">
              <FormattedMessage id="admin.remittances.downloadFailed" />
            </Alert>
          ) : null}
          <DataTable
            caption={t('admin.remittances.items')}
            columns={itemColumns}
            rows={data.items}
            getRowId={(i) => String(i.id)}
            emptyMessage={t('admin.remittances.noItems')}
          />
          <DataTable
            caption={t('admin.remittances.returns')}
            columns={returnColumns}
            rows={data.returns}
            getRowId={(r) => `${r.item_id}-${r.received_at}`}
            emptyMessage={t('admin.remittances.noReturns')}
          />
        </>
      ) : null}
      {data?.sandbox_bank ? <SandboxAnswer remittanceId={id} /> : null}
      <form noValidate onSubmit={(e) => void upload(e)} className="flex max-w-md flex-col gap-4">
        <Field
          id={FILE_ID}
          label={t('admin.remittances.returnsFile')}
          hint={t('admin.remittances.returnsFileHint')}
          error={fileError ?? undefined}
          errorPrefix={t('admin.common.errorPrefix')}
        >
          <input
            ref={fileRef}
            type="file"
            name="file"
            accept=".xml,application/xml,text/xml"
            className={cn(
              inputClasses(),
              'h-auto cursor-pointer file:mr-3 file:cursor-pointer file:rounded-control file:border-0 file:bg-surface file:px-3 file:py-1 file:font-semibold',
            )}
            {...fieldControlProps(FILE_ID, { hint: true, error: fileError ?? undefined })}
          />
        </Field>
        <div>
          <Button type="submit" loading={busy}>
            <FormattedMessage id="admin.remittances.applyReturns" />
          </Button>
        </div>
      </form>
      {applied ? (
        <Alert variant="success">
          <FormattedMessage
            id="admin.remittances.applied"
            values={{
              applied: applied.applied,
              already: applied.already_applied,
              type: applied.file_type,
            }}
          />
        </Alert>
      ) : null}
    </div>
  );
}
