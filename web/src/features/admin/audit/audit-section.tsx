import type { DataTableColumn } from '@portal/design-system/components/data-table.tsx';
import { intlLocale, TIME_ZONE } from '@portal/design-system/lib/format.ts';
import { useIntl } from 'react-intl';
import { useLocale } from '../../../i18n/i18n-provider';
import { listAuditPage, type AuditEntry } from '../api/audit';
import { useServerList } from '../api/use-server-list';
import { AdminSection } from '../components/admin-section';
import { useT } from '../components/messages';
import { ServerTable } from '../components/server-table';
import { auditTexts } from './audit-texts';

/**
 * The audit log, newest first, read only: who did what, when and from where. A refusal repeated
 * from one address (or for one account) within 15 minutes is one entry with its count and the
 * time of the last one.
 */
export function AuditSection() {
  const t = useT();
  const { locale } = useLocale();
  const entries = useServerList('audit', listAuditPage);
  const texts = auditTexts(useIntl(), locale);
  const when = new Intl.DateTimeFormat(intlLocale(locale), {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZone: TIME_ZONE,
  });

  const columns: DataTableColumn<AuditEntry>[] = [
    {
      id: 'at',
      header: t('admin.audit.at'),
      rowHeader: true,
      cell: (entry) => when.format(new Date(entry.at)),
    },
    { id: 'action', header: t('admin.audit.action'), cell: (entry) => texts.event(entry.action) },
    {
      id: 'repeats',
      header: t('admin.audit.repeats'),
      cell: (entry) =>
        entry.repeats > 1
          ? t('admin.audit.repeated', {
              count: entry.repeats,
              last: when.format(new Date(entry.last_at)),
            })
          : '',
    },
    { id: 'actor', header: t('admin.audit.actor'), cell: (entry) => entry.actor_dni ?? '' },
    {
      id: 'entity',
      header: t('admin.audit.entity'),
      cell: (entry) => texts.entity(entry),
    },
    {
      id: 'details',
      header: t('admin.audit.details'),
      className: 'min-w-60 text-small',
      // a shrinkable box: on a phone's card line the text wraps beside its label
      cell: (entry) => (
        <span className="min-w-0 break-words">{breakable(texts.details(entry))}</span>
      ),
    },
    { id: 'ip', header: t('admin.audit.address'), cell: (entry) => entry.ip ?? '' },
  ];

  return (
    <AdminSection id="admin-audit" titleId="admin.audit.title" introId="admin.audit.intro">
      <ServerTable
        list={entries}
        searchId="audit-search"
        messages={{
          search: 'admin.audit.search',
          error: 'admin.audit.loadError',
          caption: 'admin.audit.tableCaption',
          empty: 'admin.audit.empty',
          pagination: 'admin.audit.pagination',
        }}
        columns={columns}
      />
    </AdminSection>
  );
}

/**
 * A line break allowed after the dots, @ and slashes of long values (e-mail addresses, paths),
 * so they wrap between their parts rather than inside a word.
 */
function breakable(text: string): React.ReactNode[] {
  return text
    .split(/(?<=[.@/_])/)
    .flatMap((part, index) => (index === 0 ? [part] : [<wbr key={index} />, part]));
}
