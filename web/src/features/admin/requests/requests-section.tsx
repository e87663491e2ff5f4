import { useRef, useState } from 'react';
import { Button } from '@portal/design-system/components/button.tsx';
import type { DataTableColumn } from '@portal/design-system/components/data-table.tsx';
import { SelectField } from '@portal/design-system/components/select-field.tsx';
import { useLocale } from '../../../i18n/i18n-provider';
import { formatMadridDateTime } from '../../../lib/madrid-time';
import {
  listRequestsPage,
  REQUEST_STATUSES,
  type CircumstanceRequest,
  type RequestStatus,
} from '../api/circumstances';
import { useServerList } from '../api/use-server-list';
import { AdminSection } from '../components/admin-section';
import { useT, type Notice } from '../components/messages';
import { NoticeArea } from '../components/notice-area';
import { ServerTable } from '../components/server-table';
import { RequestReview, statusText, type Decided } from './request-review';

/**
 * The review queue of circumstance requests, oldest first, paged and searched by the server
 * (pending by default; the other states are its history). The request staff choose opens below
 * the list with its document beside it and the decisions it allows.
 */
export function RequestsSection({
  version,
  onChanged,
}: {
  version: number;
  onChanged: () => void;
}) {
  const t = useT();
  const { locale } = useLocale();
  const [status, setStatus] = useState<RequestStatus | ''>('pending');
  const [changes, setChanges] = useState(0);
  const requests = useServerList(
    'circumstance-requests',
    (query, signal) => listRequestsPage(status, query, signal),
    `${status}.${version}.${changes}`,
  );
  const [chosen, setChosen] = useState<CircumstanceRequest | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  function choose(request: CircumstanceRequest) {
    setChosen(request);
    setNotice(null);
    setTimeout(() => heading.current?.focus());
  }

  const onDecided: Decided = ({ request, notice: said }) => {
    setNotice(said);
    if (request) setChosen(request);
    setChanges((n) => n + 1);
    onChanged();
  };

  const columns: DataTableColumn<CircumstanceRequest>[] = [
    {
      id: 'sent',
      header: t('admin.requests.sent'),
      cell: (r) => formatMadridDateTime(r.created_at, locale),
      className: 'whitespace-nowrap',
    },
    {
      id: 'person',
      header: t('admin.requests.person'),
      // a household title names everyone it covers
      cell: (r) => {
        const covered = (r.people ?? []).filter((p) => p.status !== 'withdrawn');
        return covered.length > 1
          ? t('admin.requests.people.cell', {
              people: covered.map((p) => p.person_name).join(', '),
            })
          : r.person_name;
      },
      rowHeader: true,
    },
    {
      id: 'dni',
      header: t('admin.requests.dni'),
      cell: (r) => r.dni ?? t('admin.enrolments.noDni'),
    },
    {
      id: 'circumstance',
      header: t('admin.requests.circumstance'),
      cell: (r) => r.circumstance_name,
    },
    { id: 'status', header: t('admin.requests.status'), cell: (r) => statusText(r, t, locale) },
    {
      id: 'review',
      header: t('admin.requests.actions'),
      cell: (r) => (
        <Button
          type="button"
          size="sm"
          variant={chosen?.id === r.id ? 'primary' : 'secondary'}
          aria-label={t('admin.requests.reviewLabel', {
            person: r.person_name,
            circumstance: r.circumstance_name,
          })}
          aria-pressed={chosen?.id === r.id}
          onClick={() => choose(r)}
        >
          {t('admin.requests.review')}
        </Button>
      ),
    },
  ];

  return (
    <AdminSection
      id="admin-circumstance-requests"
      titleId="admin.requests.title"
      introId="admin.requests.intro"
    >
      <div className="flex flex-wrap items-end gap-4">
        <SelectField
          id="circumstance-requests-status"
          label={t('admin.requests.statusFilter')}
          errorPrefix={t('admin.common.errorPrefix')}
          placeholder={t('admin.requests.allStatuses')}
          options={REQUEST_STATUSES.map((s) => ({
            value: s,
            label: t(`admin.requests.status.${s}`),
          }))}
          value={status}
          onChange={(event) => setStatus(event.target.value as RequestStatus | '')}
        />
      </div>
      <NoticeArea notice={notice} />
      <div className="flex flex-col gap-4">
        <ServerTable
          list={requests}
          searchId="circumstance-request-search"
          messages={{
            search: 'admin.requests.search',
            error: 'admin.requests.errorLoading',
            caption: 'admin.requests.tableCaption',
            empty: status === 'pending' ? 'admin.requests.emptyPending' : 'admin.requests.empty',
            pagination: 'admin.requests.pagination',
          }}
          columns={columns}
        />
      </div>
      {chosen ? (
        <RequestReview request={chosen} headingRef={heading} onDecided={onDecided} />
      ) : null}
    </AdminSection>
  );
}
