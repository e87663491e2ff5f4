import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '@portal/design-system/components/button.tsx';
import { DataTable, type DataTableColumn } from '@portal/design-system/components/data-table.tsx';
import { Loading } from '@portal/design-system/components/spinner.tsx';
import { formatDate } from '@portal/design-system/lib/format.ts';
import { useLocale } from '../../../i18n/i18n-provider';
import { getReminderSummary, runReminders, type ReminderSummary } from '../api/reminders';
import { useResource } from '../api/use-resource';
import { AdminSection, SubHeading } from '../components/admin-section';
import { LoadError } from '../components/load-error';
import { serverMsg, useT, type Notice } from '../components/messages';
import { NoticeArea } from '../components/notice-area';

type Run = ReminderSummary['runs'][number];

/**
 * 7. Payment reminders: when the next ones go out, what this season's cost in SMS, each run, and
 * "send today's reminders now" (they also go out by themselves; the setting is in section 5).
 */
export function RemindersSection({ version }: { version: number }) {
  const t = useT();
  const { locale } = useLocale();
  const summary = useResource(['reminders', version], getReminderSummary);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [sending, setSending] = useState(false);

  async function sendNow() {
    if (sending) return;
    setSending(true);
    setNotice(null);
    const answer = await runReminders();
    setSending(false);
    if (!answer.ok) {
      setNotice({ variant: 'error', message: serverMsg(answer.error, 'admin.reminders.error') });
      return;
    }
    const result = answer.data;
    setNotice(
      result.reason === null
        ? {
            variant: 'success',
            message: {
              id: 'admin.reminders.sent',
              values: {
                sent: result.sent,
                skipped: result.skipped,
                sms: result.sms,
                emails: result.emails,
              },
            },
          }
        : {
            variant: 'error',
            message: {
              id: `admin.reminders.reason.${result.reason}`,
              values: {
                next: result.next_date ? formatDate(result.next_date, locale, 'long') : '',
              },
            },
          },
    );
    summary.reload();
  }

  const columns: DataTableColumn<Run>[] = [
    {
      id: 'date',
      header: t('admin.reminders.date'),
      cell: (run) => formatDate(run.date, locale),
      rowHeader: true,
      className: 'whitespace-nowrap',
    },
    {
      id: 'trigger',
      header: t('admin.reminders.trigger'),
      cell: (run) => t(`admin.reminders.trigger.${run.trigger}`),
    },
    { id: 'sent', header: t('admin.reminders.messages'), cell: (run) => run.sent, align: 'end' },
    { id: 'sms', header: t('admin.reminders.sms'), cell: (run) => run.sms, align: 'end' },
    { id: 'emails', header: t('admin.reminders.emails'), cell: (run) => run.emails, align: 'end' },
    {
      id: 'skipped',
      header: t('admin.reminders.skipped'),
      cell: (run) => run.skipped,
      align: 'end',
    },
  ];

  const data = summary.data;
  return (
    <AdminSection
      id="admin-reminders"
      titleId="admin.reminders.title"
      introId="admin.reminders.intro"
    >
      {summary.status === 'error' && !data ? (
        <LoadError messageId="admin.reminders.errorLoading" onRetry={summary.reload} />
      ) : null}
      {summary.status === 'loading' && !data ? <Loading label={t('admin.common.loading')} /> : null}
      {data ? (
        <>
          <dl className="grid max-w-xl grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-body wrap-anywhere">
            <dt className="font-semibold">
              <FormattedMessage id="admin.reminders.next" />
            </dt>
            <dd>
              {data.next_date
                ? formatDate(data.next_date, locale, 'long')
                : t('admin.reminders.none')}
            </dd>
            <dt className="font-semibold">
              <FormattedMessage id="admin.reminders.season" />
            </dt>
            <dd>
              <FormattedMessage
                id="admin.reminders.seasonTotals"
                values={{
                  messages: data.season.messages,
                  sms: data.season.sms,
                  emails: data.season.emails,
                }}
              />
            </dd>
          </dl>
          <NoticeArea notice={notice} />
          <div>
            <Button type="button" onClick={() => void sendNow()} loading={sending}>
              <FormattedMessage id="admin.reminders.sendNow" />
            </Button>
          </div>
          <SubHeading id="admin-reminders-runs">
            <FormattedMessage id="admin.reminders.runs" />
          </SubHeading>
          <DataTable
            caption={t('admin.reminders.runs')}
            captionHidden
            columns={columns}
            rows={data.runs}
            getRowId={(run) => String(run.id)}
            emptyMessage={t('admin.reminders.noRuns')}
          />
        </>
      ) : null}
    </AdminSection>
  );
}
