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
import { ProvisionalListSection } from './components/provisional-list';

type Row = Draw['applications'][number];

/**
 * How anyone recomputes the order (Node.js; any language with SHA-256 does the same). The code is
 * code; its comment, which says where the values come from, is in the page's language.
 */
const checkScriptV1 = (comment: string) => `const { createHash } = require('node:crypto');
const sha = (text) => createHash('sha256').update(text, 'utf8').digest('hex');
// ${comment}
const order = codes.sort((a, b) => (sha(seed + ':' + a) < sha(seed + ':' + b) ? -1 : 1));
console.log(sha(seed) === seed_commitment, order);`;

/**
 * Rule 2: the seed mixed with the public value first; a joint application's ballot keyed by its
 * joint code; group by group when the groups are ranked at the draw.
 */
const checkScript = (
  ranked: boolean,
  comment: string,
) => `const { createHash } = require('node:crypto');
const sha = (text) => createHash('sha256').update(text, 'utf8').digest('hex');
// ${comment}
const draw_seed = sha(seed + ':' + public_value);
const key = (row) => sha(draw_seed + ':' + (row.joint_code ?? row.code));
const group = (row) => ${ranked ? '(row.group ?? Infinity)' : '0'};
const order = rows.sort((a, b) => group(a) - group(b) || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
console.log(sha(seed) === seed_commitment, draw_seed, order.map((row) => row.code));`;

/**
 * /sorteos/:activityId: a lottery activity's public draw. Before it, the commitment (the SHA-256 of
 * the secret seed), the public value's source and the codes taking part; after it, the seed, the
 * public value, the rule in the page's language (the API's `algorithm` is its machine-readable
 * English text) and every code in rank order with its status, and how to check it all yourself. A signed-in resident sees their
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
  const mixed = d.rule_version === 2;
  // siblings applying together share one ballot, keyed by their joint code
  const ballots = new Set(d.applications.map((row) => row.joint_code ?? row.code)).size;
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
    ...(d.priority_groups.length > 0
      ? [
          {
            id: 'group',
            header: intl.formatMessage({ id: 'season.draw.group' }),
            cell: (row: Row) => row.group ?? '—',
            align: 'end' as const,
          },
        ]
      : []),
    {
      id: 'status',
      header: intl.formatMessage({ id: 'season.draw.status' }),
      cell: (row: Row) => (
        <>
          <FormattedMessage id={statusMessageId(row.status)} />
          {row.reserved && (
            <>
              {' '}
              <FormattedMessage id="season.draw.reservedPlace" />
            </>
          )}
          {row.joint_code && (
            <>
              {' '}
              <FormattedMessage
                id="season.draw.jointBallot"
                values={{ code: <span className="font-mono">{row.joint_code}</span> }}
              />
            </>
          )}
        </>
      ),
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
        <FormattedMessage
          id={ballots < d.persons ? 'season.draw.personsJoint' : 'season.draw.persons'}
          values={{ count: d.persons, ballots }}
        />
      </p>
      <p>
        <FormattedMessage id="season.draw.merged" values={{ count: d.merged }} />
      </p>
      {d.provisional_list ? <ProvisionalListSection activityId={d.activity_id} /> : null}
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
        {d.draw_seed && (
          <>
            <dt className="font-semibold">
              <FormattedMessage id="season.draw.drawSeed" />
            </dt>
            <dd className="font-mono break-all">{d.draw_seed}</dd>
          </>
        )}
      </dl>
      {d.public_value_source && (
        <section aria-labelledby="draw-public-value" className="flex flex-col gap-2">
          <h2 id="draw-public-value" className="text-heading font-bold">
            <FormattedMessage id="season.draw.publicValueHeading" />
          </h2>
          <p>
            {d.public_value_source === 'drand' ? (
              <FormattedMessage
                id="season.draw.sourceDrand"
                values={{
                  round: d.drand_round,
                  when: d.drand_round_at ? formatMadridDateTime(d.drand_round_at, locale) : '',
                }}
              />
            ) : (
              <FormattedMessage
                id="season.draw.sourceAnnounced"
                values={{ source: d.public_value_description }}
              />
            )}
          </p>
          <dl className="flex flex-col gap-2">
            <dt className="font-semibold">
              <FormattedMessage id="season.draw.publicValue" />
            </dt>
            <dd className="font-mono break-all">
              {d.public_value ?? <FormattedMessage id="season.draw.publicValuePending" />}
            </dd>
          </dl>
        </section>
      )}
      <section aria-labelledby="draw-rule" className="flex flex-col gap-2">
        <h2 id="draw-rule" className="text-heading font-bold">
          <FormattedMessage id="season.draw.ruleHeading" />
        </h2>
        <p>
          <FormattedMessage
            id={mixed ? 'season.draw.rulePublicValue' : 'season.draw.rule'}
            values={{ capacity: d.capacity }}
          />
        </p>
        <DrawBases draw={d} />
        <h3 className="font-bold">
          <FormattedMessage id="season.draw.checkHeading" />
        </h3>
        <p>
          <FormattedMessage id={mixed ? 'season.draw.checkPublicValue' : 'season.draw.check'} />
        </p>
        <pre className="overflow-x-auto rounded-sm bg-surface p-3 text-small" tabIndex={0}>
          <code>
            {mixed
              ? checkScript(
                  d.priority_mode === 'ranked',
                  intl.formatMessage({ id: 'season.draw.scriptValues' }),
                )
              : checkScriptV1(intl.formatMessage({ id: 'season.draw.scriptValuesV1' }))}
          </code>
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

/**
 * The rest of the council's bases as the draw applies them, in the page's language: priority
 * groups, reserved places, joint applications and the rule for the places they leave.
 */
function DrawBases({ draw: d }: { draw: Draw }) {
  const { locale } = useLocale();
  const circumstanceName = (names: { es: string; en: string; gl: string }) => names[locale];
  const list = (names: string[]) => names.join(', ');
  return (
    <ul className="list-disc pl-6">
      {d.priority_mode === 'ranked' && (
        <li>
          <FormattedMessage id="season.draw.groupsRanked" />
          <ol className="list-decimal pl-6">
            {d.priority_groups.map((g) => (
              <li key={g.group}>
                {g.circumstances.length > 0 ? (
                  <FormattedMessage
                    id="season.draw.groupHolders"
                    values={{
                      name: g.name,
                      circumstances: list(g.circumstances.map(circumstanceName)),
                    }}
                  />
                ) : (
                  <FormattedMessage id="season.draw.groupEveryone" values={{ name: g.name }} />
                )}
              </li>
            ))}
          </ol>
        </li>
      )}
      {d.priority_mode === 'windows' && (
        <li>
          <FormattedMessage id="season.draw.groupsWindows" />
          <ol className="list-decimal pl-6">
            {d.priority_groups.map((g) => (
              <li key={g.group}>
                <FormattedMessage
                  id="season.draw.groupWindow"
                  values={{
                    name: g.name,
                    circumstances: list(g.circumstances.map(circumstanceName)),
                    count: g.circumstances.length,
                    when: g.opens_at ? formatMadridDateTime(g.opens_at, locale) : '',
                    own: g.opens_at ? 'yes' : 'no',
                  }}
                />
              </li>
            ))}
          </ol>
        </li>
      )}
      {d.reserved_places > 0 && d.reserved_circumstance && (
        <li>
          <FormattedMessage
            id="season.draw.reserved"
            values={{
              count: d.reserved_places,
              circumstance: circumstanceName(d.reserved_circumstance),
            }}
          />
        </li>
      )}
      <li>
        <FormattedMessage
          id={
            d.joint_fit === 'wait_for_group'
              ? 'season.draw.jointWaitForGroup'
              : 'season.draw.jointNextFits'
          }
        />
      </li>
    </ul>
  );
}
