import { BarChart } from '@portal/design-system/components/bar-chart.tsx';
import { Loading } from '@portal/design-system/components/spinner.tsx';
import { formatDate, formatEuros } from '@portal/design-system/lib/format.ts';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '../../../i18n/i18n-provider';
import { getSummary, type AdminSummary } from '../api/summary';
import { useResource } from '../api/use-resource';
import { AdminSection, SubHeading } from '../components/admin-section';
import { LoadError } from '../components/load-error';
import { useT } from '../components/messages';

const euros = (cents: number, locale: 'es' | 'en' | 'gl') => formatEuros(cents / 100, locale);

/**
 * 0. Resumen: how collection is going. Collected so far, today and this week; what is pending and
 * for how many; payments per day over 30 days (a chart with its table); the five activities with
 * most pending. `version` changes when another section changed money or enrolments.
 */
export function SummarySection({ version }: { version: number }) {
  const t = useT();
  const summary = useResource(['summary', version], getSummary);
  return (
    <AdminSection id="admin-summary" titleId="admin.summary.title">
      {summary.status === 'error' && !summary.data ? (
        <LoadError messageId="admin.summary.errorLoading" onRetry={summary.reload} />
      ) : null}
      {summary.status === 'loading' && !summary.data ? (
        <Loading label={t('admin.common.loading')} />
      ) : null}
      {summary.data ? <Overview data={summary.data} /> : null}
    </AdminSection>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-panel border border-border-subtle p-4">
      <dt className="text-small font-semibold text-muted-foreground">{label}</dt>
      <dd className="text-lead font-bold text-foreground">{value}</dd>
      {note ? <dd className="text-small text-muted-foreground">{note}</dd> : null}
    </div>
  );
}

function Overview({ data }: { data: AdminSummary }) {
  const t = useT();
  const { locale } = useLocale();
  const total = data.per_day.reduce((sum, day) => sum + day.amount_cents, 0);
  const best = data.per_day.reduce((a, b) => (b.amount_cents > a.amount_cents ? b : a));
  return (
    <>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Figure label={t('admin.summary.collected')} value={euros(data.collected_cents, locale)} />
        <Figure
          label={t('admin.summary.today')}
          value={euros(data.collected_today_cents, locale)}
          note={t('admin.summary.paymentsToday', { count: data.payments_today })}
        />
        <Figure label={t('admin.summary.week')} value={euros(data.collected_week_cents, locale)} />
        <Figure
          label={t('admin.summary.pending')}
          value={euros(data.pending_cents, locale)}
          note={t('admin.summary.pendingItems', { count: data.pending_items })}
        />
        <Figure
          label={t('admin.summary.peoplePending')}
          value={String(data.people_pending)}
          note={t('admin.summary.accountsPending', { count: data.accounts_pending })}
        />
      </dl>
      <div className="flex flex-col gap-2">
        <SubHeading id="admin-summary-chart">
          <FormattedMessage id="admin.summary.chartTitle" />
        </SubHeading>
        <BarChart
          id="summary-per-day"
          title={t('admin.summary.chartTitle')}
          description={t('admin.summary.chartDescription', {
            total: euros(total, locale),
            best: formatDate(best.date, locale, 'long'),
            bestAmount: euros(best.amount_cents, locale),
          })}
          bars={data.per_day.map((day) => ({
            label: formatDate(day.date, locale).slice(0, 5),
            longLabel: formatDate(day.date, locale, 'long'),
            value: day.amount_cents,
            valueText: t('admin.summary.dayValue', {
              amount: euros(day.amount_cents, locale),
              count: day.payments,
            }),
          }))}
          labelHeader={t('admin.summary.day')}
          valueHeader={t('admin.summary.collectedThatDay')}
          showTableLabel={t('admin.summary.showTable')}
        />
      </div>
      <div className="flex flex-col gap-2">
        <SubHeading id="admin-summary-top">
          <FormattedMessage id="admin.summary.topTitle" />
        </SubHeading>
        {data.top_pending.length === 0 ? (
          <p>
            <FormattedMessage id="admin.summary.nothingPending" />
          </p>
        ) : (
          <ol className="flex list-decimal flex-col gap-1 pl-6">
            {data.top_pending.map((row) => (
              <li key={row.activity_id}>
                <FormattedMessage
                  id="admin.summary.topRow"
                  values={{
                    name: row.name,
                    count: row.pending_items,
                    amount: euros(row.pending_cents, locale),
                  }}
                />
              </li>
            ))}
          </ol>
        )}
      </div>
    </>
  );
}
