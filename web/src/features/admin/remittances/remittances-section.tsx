import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '@portal/design-system/components/button.tsx';
import { DataTable, type DataTableColumn } from '@portal/design-system/components/data-table.tsx';
import { DateInput } from '@portal/design-system/components/date-input.tsx';
import { Loading } from '@portal/design-system/components/spinner.tsx';
import { formatDate, formatEuros } from '@portal/design-system/lib/format.ts';
import { detailMessage } from '../../../lib/api/client';
import { useLocale } from '../../../i18n/i18n-provider';
import { createRemittance, listRemittances, type Remittance } from '../api/remittances';
import { useResource } from '../api/use-resource';
import { AdminSection, SubHeading } from '../components/admin-section';
import { LoadError } from '../components/load-error';
import { serverMsg, useT, type Notice } from '../components/messages';
import { NoticeArea } from '../components/notice-area';
import { RemittanceDetailView } from './remittance-detail';

const DATE_ID = 'remittance-collection-date';

/**
 * Remittances (SEPA direct debit): gather what is due by a collection date into one file for the
 * bank, the list with what was collected, returned and pending, and one opened with its items,
 * its file and the bank's answer.
 */
export function RemittancesSection() {
  const t = useT();
  const { locale } = useLocale();
  const [version, setVersion] = useState(0);
  const list = useResource(['remittances', version], listRemittances);
  const [date, setDate] = useState('');
  const [dateError, setDateError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);

  async function create(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setNotice(null);
    if (date === '') {
      setDateError(t('admin.remittances.dateRequired'));
      return;
    }
    setDateError(null);
    setBusy(true);
    const answer = await createRemittance(date);
    setBusy(false);
    if (answer.ok) {
      setNotice({
        variant: 'success',
        message: {
          id: 'admin.remittances.created',
          values: {
            count: answer.data.count,
            total: formatEuros(answer.data.total, locale),
            date: formatDate(answer.data.collection_date, locale),
          },
        },
      });
      setDate('');
      setOpenId(answer.data.id);
      setVersion((n) => n + 1);
      return;
    }
    const code = (answer.error as { code?: unknown } | undefined)?.code;
    if (code === 'collection_date_too_soon' || answer.status === 422) {
      setDateError(detailMessage(answer.error, '') || t('admin.remittances.createFailed'));
      return;
    }
    setNotice({
      variant: 'error',
      message: serverMsg(answer.error, 'admin.remittances.createFailed'),
    });
  }

  const columns: DataTableColumn<Remittance>[] = [
    {
      id: 'date',
      header: t('admin.remittances.collectionDate'),
      cell: (r) => formatDate(r.collection_date, locale),
      rowHeader: true,
      className: 'whitespace-nowrap',
    },
    { id: 'count', header: t('admin.remittances.count'), cell: (r) => r.count, align: 'end' },
    ...(['total', 'collected', 'returned', 'pending'] as const).map(
      (key): DataTableColumn<Remittance> => ({
        id: key,
        header: t(`admin.remittances.${key}`),
        cell: (r) => formatEuros(r[key], locale),
        align: 'end',
        className: 'whitespace-nowrap',
      }),
    ),
    {
      id: 'status',
      header: t('admin.remittances.status'),
      cell: (r) => t(`admin.remittances.status.${r.status}`),
    },
    {
      id: 'open',
      header: t('admin.remittances.actions'),
      cell: (r) => (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => setOpenId(r.id)}
          aria-label={t('admin.remittances.openOne', {
            date: formatDate(r.collection_date, locale),
          })}
        >
          <FormattedMessage id="admin.remittances.open" />
        </Button>
      ),
    },
  ];

  return (
    <AdminSection
      id="admin-remittances"
      titleId="admin.remittances.title"
      introId="admin.remittances.intro"
    >
      <form noValidate onSubmit={(e) => void create(e)} className="flex max-w-md flex-col gap-4">
        <SubHeading>
          <FormattedMessage id="admin.remittances.new" />
        </SubHeading>
        <DateInput
          id={DATE_ID}
          label={t('admin.remittances.collectionDate')}
          hint={t('admin.remittances.collectionDateHint')}
          value={date}
          onChange={(event) => setDate(event.target.value)}
          error={dateError ?? undefined}
          errorPrefix={t('admin.common.errorPrefix')}
        />
        <div>
          <Button type="submit" loading={busy}>
            <FormattedMessage id="admin.remittances.create" />
          </Button>
        </div>
      </form>
      <NoticeArea notice={notice} />
      {list.status === 'error' && !list.data ? (
        <LoadError messageId="admin.remittances.errorLoading" onRetry={list.reload} />
      ) : null}
      {list.status === 'loading' && !list.data ? (
        <Loading label={t('admin.common.loading')} />
      ) : null}
      {list.data ? (
        <DataTable
          caption={t('admin.remittances.list')}
          columns={columns}
          rows={list.data}
          getRowId={(r) => String(r.id)}
          emptyMessage={t('admin.remittances.empty')}
        />
      ) : null}
      {openId !== null ? (
        <RemittanceDetailView
          id={openId}
          onChanged={() => setVersion((n) => n + 1)}
          onClose={() => setOpenId(null)}
        />
      ) : null}
    </AdminSection>
  );
}
