import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '@portal/design-system/components/button.tsx';
import { ConfirmDialog } from '@portal/design-system/components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '@portal/design-system/components/data-table.tsx';
import { textLinkClassName } from '@portal/design-system/components/text-link.tsx';
import { Link } from 'react-router';
import { useLocale } from '../../../i18n/i18n-provider';
import { saveBlob } from '../../../lib/download';
import { formatMadridDateTime, formatMadridDateTimeShort } from '../../../lib/madrid-time';
import {
  exportApplications,
  listApplicationsPage,
  listSeasonActivities,
  runDraw,
  withdrawForResident,
  offerPlaceByStaff,
  type AdminApplication,
  type SeasonActivity,
} from '../api/season';
import { useResource } from '../api/use-resource';
import { useServerList } from '../api/use-server-list';
import { AdminSection, SubHeading } from '../components/admin-section';
import { LoadError } from '../components/load-error';
import { serverMsg, useT, type Notice } from '../components/messages';
import { PublicValueForm } from './public-value-form';
import { NoticeArea } from '../components/notice-area';
import { ServerTable } from '../components/server-table';
import { LikelyDuplicates } from './likely-duplicates';
import { ActivityClaims } from './activity-claims';
import { ApplyForResident } from './apply-for-resident';

const STATUSES = ['applied', 'offered', 'waitlisted', 'confirmed', 'expired', 'withdrawn'] as const;

/**
 * "Plazas y sorteos": each activity with places and its applications counted by status; for the
 * one chosen, its applications in waitlist order (searched, paged), "Realizar sorteo" once a
 * lottery has closed, withdrawing on a resident's behalf, the export, and its likely duplicates
 * to merge.
 */
export function SeasonSection({ version }: { version: number }) {
  const t = useT();
  const { locale } = useLocale();
  const [changes, setChanges] = useState(0);
  const season = useResource(['season', version, changes], listSeasonActivities);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [toWithdraw, setToWithdraw] = useState<AdminApplication | null>(null);
  const [toOffer, setToOffer] = useState<AdminApplication | null>(null);
  const chosen = season.data?.find((a) => a.activity_id === chosenId) ?? null;
  const applications = useServerList(
    `applications-${chosenId ?? 0}`,
    (query, signal) =>
      chosenId === null
        ? Promise.resolve({ rows: [], total: 0 })
        : listApplicationsPage(chosenId, query, signal),
    `${version}.${changes}`,
  );
  const changed = () => setChanges((n) => n + 1);

  async function draw(activity: SeasonActivity) {
    setBusy(true);
    const answer = await runDraw(activity.activity_id);
    setBusy(false);
    setNotice(
      answer.ok
        ? {
            variant: 'success',
            message: { id: 'admin.season.drawn', values: { name: activity.activity_name } },
          }
        : { variant: 'error', message: serverMsg(answer.error, 'admin.season.drawError') },
    );
    changed();
  }

  /** A waitlisted person offered a place by staff's decision (beyond the places if none is free). */
  async function offer() {
    if (!toOffer) return;
    setBusy(true);
    const answer = await offerPlaceByStaff(toOffer.id);
    setBusy(false);
    setNotice(
      answer.ok
        ? {
            variant: 'success',
            message: { id: 'admin.season.offered', values: { name: toOffer.full_name } },
          }
        : { variant: 'error', message: serverMsg(answer.error, 'admin.season.offerError') },
    );
    setToOffer(null);
    changed();
  }

  async function withdraw() {
    if (!toWithdraw) return;
    setBusy(true);
    const answer = await withdrawForResident(toWithdraw.id);
    setBusy(false);
    setNotice(
      answer.ok
        ? {
            variant: 'success',
            message: { id: 'admin.season.withdrawn', values: { code: toWithdraw.code } },
          }
        : { variant: 'error', message: serverMsg(answer.error, 'admin.season.withdrawError') },
    );
    setToWithdraw(null);
    changed();
  }

  async function download(activity: SeasonActivity) {
    const answer = await exportApplications(activity.activity_id);
    if (answer.ok && answer.data) {
      saveBlob(answer.data as Blob, `solicitudes-${activity.activity_id}.xlsx`);
    } else {
      setNotice({ variant: 'error', message: { id: 'admin.season.exportError' } });
    }
  }

  const activityColumns: DataTableColumn<SeasonActivity>[] = [
    {
      id: 'name',
      header: t('admin.season.activity'),
      cell: (a) => a.activity_name,
      rowHeader: true,
    },
    {
      id: 'allocation',
      header: t('admin.season.allocation'),
      cell: (a) => t(`admin.activities.allocation.${a.allocation}`),
    },
    {
      id: 'window',
      header: t('admin.season.window'),
      // compact Madrid date-times, each kept on one line: two lines at most (one box, so the
      // phone layout's flex cell wraps it as text)
      cell: (a) =>
        a.applications_open_at && a.applications_close_at ? (
          <span>
            <FormattedMessage
              id="admin.season.windowValue"
              values={{
                open: (
                  <span className="whitespace-nowrap">
                    {formatMadridDateTimeShort(a.applications_open_at, locale)}
                  </span>
                ),
                close: (
                  <span className="whitespace-nowrap">
                    {formatMadridDateTimeShort(a.applications_close_at, locale)}
                  </span>
                ),
              }}
            />
          </span>
        ) : (
          ''
        ),
    },
    {
      id: 'status',
      header: t('admin.season.status'),
      cell: (a) => t(`admin.season.state.${a.status}`),
    },
    {
      id: 'places',
      header: t('admin.season.places'),
      cell: (a) =>
        a.places_left === null
          ? String(a.capacity ?? '')
          : t('admin.season.placesLeft', { left: a.places_left, capacity: a.capacity ?? 0 }),
    },
    {
      // one column, a line per status that has any (six columns did not fit a 1280 px screen)
      id: 'counts',
      header: t('admin.season.counts'),
      cell: (a: SeasonActivity) => {
        const held = STATUSES.filter((status) => a.counts[status] > 0);
        return held.length === 0 ? (
          t('admin.season.countsNone')
        ) : (
          <ul>
            {held.map((status) => (
              <li key={status} className="whitespace-nowrap">
                {t(`admin.season.counted.${status}`, { count: a.counts[status] })}
              </li>
            ))}
          </ul>
        );
      },
    },
    {
      id: 'actions',
      header: t('admin.season.actions'),
      cell: (a) => (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          aria-label={t('admin.season.showLabel', { name: a.activity_name })}
          aria-pressed={a.activity_id === chosenId}
          onClick={() => setChosenId(a.activity_id)}
        >
          <FormattedMessage id="admin.season.show" />
        </Button>
      ),
    },
  ];

  const applicationColumns: DataTableColumn<AdminApplication>[] = [
    { id: 'rank', header: t('admin.season.rank'), cell: (a) => a.rank ?? '', align: 'end' },
    {
      id: 'code',
      header: t('admin.season.code'),
      cell: (a) => <span className="font-mono">{a.code}</span>,
      rowHeader: true,
    },
    { id: 'name', header: t('admin.season.person'), cell: (a) => a.full_name },
    { id: 'dni', header: t('admin.season.dni'), cell: (a) => a.dni ?? t('admin.enrolments.noDni') },
    {
      id: 'status',
      header: t('admin.season.status'),
      cell: (a) =>
        a.status === 'waitlisted' && a.waitlist_position !== null
          ? t('admin.season.waitlistedAt', { position: a.waitlist_position })
          : a.status === 'offered' && a.payment_check_until
            ? t('admin.season.paymentChecking', {
                until: formatMadridDateTime(a.payment_check_until, locale),
              })
            : a.status === 'offered' && a.offer_expires_at
              ? t('admin.season.offeredUntil', {
                  until: formatMadridDateTime(a.offer_expires_at, locale),
                })
              : a.status === 'confirmed' && a.parts && a.parts.paid < a.parts.of
                ? // confirmed by part 1: how many parts are paid, until all are
                  t('admin.season.confirmedParts', { paid: a.parts.paid, of: a.parts.of })
                : t(`admin.season.applicationStatus.${a.status}`),
    },
    {
      id: 'actions',
      header: t('admin.season.actions'),
      cell: (a) =>
        ['applied', 'offered', 'waitlisted'].includes(a.status) ? (
          <span className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="secondary"
              size="sm"
              aria-label={t('admin.season.withdrawLabel', { code: a.code, name: a.full_name })}
              onClick={() => setToWithdraw(a)}
            >
              <FormattedMessage id="admin.season.withdraw" />
            </Button>
            {a.status === 'waitlisted' ? (
              <Button
                type="button"
                variant="secondary"
                size="sm"
                aria-label={t('admin.season.offerLabel', { code: a.code, name: a.full_name })}
                onClick={() => setToOffer(a)}
              >
                <FormattedMessage id="admin.season.offer" />
              </Button>
            ) : null}
          </span>
        ) : null,
    },
  ];

  return (
    <AdminSection id="admin-season" titleId="admin.season.title" introId="admin.season.intro">
      <NoticeArea notice={notice} />
      {season.status === 'error' ? (
        <LoadError messageId="admin.season.loadError" onRetry={season.reload} />
      ) : (
        <DataTable
          caption={t('admin.season.caption')}
          columns={activityColumns}
          rows={season.data ?? []}
          getRowId={(a) => String(a.activity_id)}
          emptyMessage={t('admin.season.empty')}
        />
      )}

      {chosen ? (
        <div className="flex flex-col gap-4">
          <SubHeading>
            {t('admin.season.applicationsOf', { name: chosen.activity_name })}
          </SubHeading>
          <div className="flex flex-wrap gap-3">
            {chosen.allocation === 'lottery' && chosen.status === 'closed' ? (
              <PublicValueForm
                activityId={chosen.activity_id}
                version={changes}
                onDone={(done) => {
                  setNotice(done);
                  changed();
                }}
              />
            ) : null}
            {chosen.allocation === 'lottery' && chosen.status === 'closed' ? (
              <Button type="button" loading={busy} onClick={() => void draw(chosen)}>
                <FormattedMessage id="admin.season.draw" />
              </Button>
            ) : null}
            <Button type="button" variant="secondary" onClick={() => void download(chosen)}>
              <FormattedMessage id="admin.season.export" />
            </Button>
            {chosen.allocation === 'lottery' ? (
              <Link
                to={`/sorteos/${chosen.activity_id}`}
                className={`${textLinkClassName} self-center`}
              >
                <FormattedMessage id="admin.season.publicDraw" />
              </Link>
            ) : null}
          </div>
          <ServerTable
            list={applications}
            searchId="application-search"
            messages={{
              search: 'admin.season.search',
              error: 'admin.season.applicationsError',
              caption: 'admin.season.applicationsCaption',
              empty: 'admin.season.applicationsEmpty',
              pagination: 'admin.season.pagination',
            }}
            columns={applicationColumns}
          />
          <LikelyDuplicates
            key={chosen.activity_id}
            activityId={chosen.activity_id}
            version={`${version}.${changes}`}
            onMerged={changed}
          />
          <ApplyForResident
            key={`desk-${chosen.activity_id}`}
            activityId={chosen.activity_id}
            onApplied={changed}
          />
          {chosen.allocation === 'lottery' ? (
            <ActivityClaims
              key={`claims-${chosen.activity_id}`}
              activityId={chosen.activity_id}
              version={`${version}.${changes}`}
              onResolved={changed}
            />
          ) : null}
        </div>
      ) : null}

      <ConfirmDialog
        open={toWithdraw !== null}
        title={t('admin.season.withdrawTitle', {
          code: toWithdraw?.code ?? '',
          name: toWithdraw?.full_name ?? '',
        })}
        description={t(
          toWithdraw?.status === 'offered'
            ? 'admin.season.withdrawOffered'
            : 'admin.season.withdrawDescription',
        )}
        confirmLabel={t('admin.season.withdrawConfirm')}
        cancelLabel={t('admin.common.cancel')}
        onConfirm={() => void withdraw()}
        onCancel={() => setToWithdraw(null)}
        loading={busy}
      />
      <ConfirmDialog
        open={toOffer !== null}
        title={t('admin.season.offerTitle', { name: toOffer?.full_name ?? '' })}
        description={t('admin.season.offerDescription', {
          full: chosen?.places_left === 0 ? 'yes' : 'no',
        })}
        confirmLabel={t('admin.season.offerConfirm')}
        cancelLabel={t('admin.common.cancel')}
        onConfirm={() => void offer()}
        onCancel={() => setToOffer(null)}
        loading={busy}
      />
    </AdminSection>
  );
}
