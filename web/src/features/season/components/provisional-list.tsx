import { DataTable } from '@portal/design-system/components/data-table.tsx';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '../../../i18n/i18n-provider';
import { formatMadridDateTime } from '../../../lib/madrid-time';
import { useProvisionalList, type ExclusionReason } from '../api/claims-api';

/**
 * The draw page's provisional list (between the close and the draw of a lottery with a claims
 * period): the admitted codes, the excluded with their reason, and until when a resident may
 * claim. Codes only, like the rest of the page. Nothing when the activity has no list now.
 */
export function ProvisionalListSection({ activityId }: { activityId: number }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const list = useProvisionalList(activityId);
  const data = list.data;
  if (!data) return null;
  const until = formatMadridDateTime(data.claims_until, locale);
  return (
    <section aria-labelledby="provisional-heading" className="flex min-w-0 flex-col gap-3">
      <h2 id="provisional-heading" className="text-heading font-bold">
        <FormattedMessage id="season.provisional.heading" />
      </h2>
      <p>
        <FormattedMessage
          id={data.claims_open ? 'season.provisional.open' : 'season.provisional.closed'}
          values={{ until }}
        />
      </p>
      <DataTable
        caption={intl.formatMessage(
          { id: 'season.provisional.admitted' },
          { count: data.admitted.length },
        )}
        columns={[
          {
            id: 'code',
            header: intl.formatMessage({ id: 'season.draw.code' }),
            cell: (code: string) => <span className="font-mono">{code}</span>,
            rowHeader: true,
          },
        ]}
        rows={data.admitted}
        getRowId={(code) => code}
        emptyMessage={intl.formatMessage({ id: 'season.provisional.noneAdmitted' })}
      />
      <DataTable
        caption={intl.formatMessage(
          { id: 'season.provisional.excluded' },
          { count: data.excluded.length },
        )}
        columns={[
          {
            id: 'code',
            header: intl.formatMessage({ id: 'season.draw.code' }),
            cell: (row: { code: string }) => <span className="font-mono">{row.code}</span>,
            rowHeader: true,
          },
          {
            id: 'reason',
            header: intl.formatMessage({ id: 'season.provisional.reason' }),
            cell: (row: { reason: ExclusionReason }) => (
              <FormattedMessage id={`season.exclusion.${row.reason}`} />
            ),
          },
        ]}
        rows={data.excluded}
        getRowId={(row) => row.code}
        emptyMessage={intl.formatMessage({ id: 'season.provisional.noneExcluded' })}
      />
    </section>
  );
}
