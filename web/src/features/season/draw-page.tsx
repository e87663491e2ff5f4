import { Alert } from '@portal/design-system/components/alert.tsx';
import { DataTable } from '@portal/design-system/components/data-table.tsx';
import { Loading } from '@portal/design-system/components/spinner.tsx';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { useLocale } from '../../i18n/i18n-provider';
import { formatMadridDateTime } from '../../lib/madrid-time';
import { usePageTitle } from '../../lib/page-title';
import { getToken, isTokenValid } from '../../lib/session';
import type { Draw } from './api/season-api';
import { useDraw, useMyApplications } from './api/use-season';
import { statusMessageId } from './rules';

type Row = Draw['applications'][number];

/** How anyone recomputes the order (Node.js; any language with SHA-256 does the same). */
const CHECK_SCRIPT = `const { createHash } = require('node:crypto');
const sha = (text) => createHash('sha256').update(text, 'utf8').digest('hex');
// seed and codes as this page shows them
const order = codes.sort((a, b) => (sha(seed + ':' + a) < sha(seed + ':' + b) ? -1 : 1));
console.log(sha(seed) === seed_commitment, order);`;

/**
 * /sorteos/:activityId: a lottery activity's public draw. Before it, the commitment (the SHA-256 of
 * the secret seed) and the codes taking part; after it, the seed, the rule and every code in
 * rank order with its status, and how to check it all yourself. A signed-in resident sees their
 * own codes marked. No names, DNIs or phones: the codes are pseudonymous.
 */
export function DrawPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  usePageTitle('season.draw.title');
  const activityId = Number(useParams().activityId);
  const draw = useDraw(activityId);
  const signedIn = isTokenValid(getToken());
  const mine = useMyApplications(signedIn);
  const myCodes = new Set((mine.data ?? []).map((a) => a.code));

  if (draw.isPending) return <Loading label={intl.formatMessage({ id: 'season.loading' })} />;
  if (draw.isError || !draw.data) {
    return (
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
        <h1 className="text-title font-bold">
          <FormattedMessage id="season.draw.title" />
        </h1>
        <Alert variant="error">
          <FormattedMessage id="season.draw.notFound" />
        </Alert>
      </div>
    );
  }
  const d = draw.data;
  const drawn = d.drawn_at !== null;
  const columns = [
    ...(drawn
      ? [
          {
            id: 'rank',
            header: intl.formatMessage({ id: 'season.draw.rank' }),
            cell: (row: Row) => row.rank,
            align: 'end' as const,
          },
        ]
      : []),
    {
      id: 'code',
      header: intl.formatMessage({ id: 'season.draw.code' }),
      rowHeader: true,
      cell: (row: Row) =>
        myCodes.has(row.code) ? (
          <strong>
            <span className="font-mono">{row.code}</span>{' '}
            <FormattedMessage id="season.draw.yours" />
          </strong>
        ) : (
          <span className="font-mono">{row.code}</span>
        ),
    },
    {
      id: 'status',
      header: intl.formatMessage({ id: 'season.draw.status' }),
      cell: (row: Row) => <FormattedMessage id={statusMessageId(row.status)} />,
    },
  ];

  return (
    <div className="mx-auto flex w-full max-w-4xl min-w-0 flex-col gap-6">
      <h1 className="text-title font-bold">
        <FormattedMessage id="season.draw.heading" values={{ name: d.activity_name }} />
      </h1>
      <p>
        <FormattedMessage
          id={drawn ? 'season.draw.drawnOn' : 'season.draw.pending'}
          values={{
            when: formatMadridDateTime(d.drawn_at ?? d.applications_close_at, locale),
            capacity: d.capacity,
          }}
        />
      </p>
      <p>
        <FormattedMessage id="season.draw.persons" values={{ count: d.persons }} />
      </p>
      <dl className="flex flex-col gap-2">
        <dt className="font-semibold">
          <FormattedMessage id="season.draw.commitment" />
        </dt>
        <dd className="font-mono break-all">{d.seed_commitment}</dd>
        <dt className="font-semibold">
          <FormattedMessage id="season.draw.seed" />
        </dt>
        <dd className="font-mono break-all">
          {d.seed ?? <FormattedMessage id="season.draw.seedSecret" />}
        </dd>
      </dl>
      <section aria-labelledby="draw-rule" className="flex flex-col gap-2">
        <h2 id="draw-rule" className="text-heading font-bold">
          <FormattedMessage id="season.draw.ruleHeading" />
        </h2>
        <p>
          <FormattedMessage id="season.draw.rule" values={{ capacity: d.capacity }} />
        </p>
        <p lang="en" className="text-muted-foreground">
          {d.algorithm}
        </p>
        <h3 className="font-bold">
          <FormattedMessage id="season.draw.checkHeading" />
        </h3>
        <p>
          <FormattedMessage id="season.draw.check" />
        </p>
        <pre className="overflow-x-auto rounded-sm bg-surface p-3 text-small" tabIndex={0}>
          <code>{CHECK_SCRIPT}</code>
        </pre>
      </section>
      <DataTable
        caption={intl.formatMessage(
          { id: drawn ? 'season.draw.tableDrawn' : 'season.draw.tableTaking' },
          { count: d.applications.length },
        )}
        columns={columns}
        rows={d.applications}
        getRowId={(row) => row.code}
        emptyMessage={intl.formatMessage({ id: 'season.draw.empty' })}
      />
    </div>
  );
}
