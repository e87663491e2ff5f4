import { Alert } from '@portal/design-system/components/alert.tsx';
import { Loading } from '@portal/design-system/components/spinner.tsx';
import { textLinkClassName } from '@portal/design-system/components/text-link.tsx';
import { formatDate } from '@portal/design-system/lib/format.ts';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useLocale } from '../../i18n/i18n-provider';
import { formatMadridDateTime } from '../../lib/madrid-time';
import { usePageTitle } from '../../lib/page-title';
import { getToken, isTokenValid } from '../../lib/session';
import type { CatalogueActivity, CatalogueQuote } from './api/season-api';
import { useCatalogue, useQuotes } from './api/use-season';
import { differsByPerson, feeRows } from './components/catalogue-fee';
import { birthYearsRule, catalogueStatusId } from './rules';

/**
 * /actividades: the activities with places this season, public. What a resident pays for each
 * (and the reductions there are), when and where
 * it runs, who may apply, when applications open and close, how places are given out and how
 * many are left; a lottery links to its public draw.
 */
export function CataloguePage() {
  const intl = useIntl();
  usePageTitle('season.catalogue.title');
  const catalogue = useCatalogue();
  const signedIn = isTokenValid(getToken());
  // what each person the resident manages would pay: asked only with fee rules in place
  const quotes = useQuotes(
    signedIn && (catalogue.data ?? []).some((activity) => differsByPerson(activity.fee)),
  );
  const shown = (catalogue.data ?? []).filter((activity) => activity.status !== 'closed');

  return (
    <div className="mx-auto flex w-full max-w-4xl min-w-0 flex-col gap-6">
      <h1 className="text-title font-bold">
        <FormattedMessage id="season.catalogue.title" />
      </h1>
      <p>
        <FormattedMessage id="season.catalogue.intro" />{' '}
        <Link to={signedIn ? '/dashboard#solicitudes' : '/login'} className={textLinkClassName}>
          <FormattedMessage
            id={signedIn ? 'season.catalogue.applyLink' : 'season.catalogue.signInLink'}
          />
        </Link>
      </p>
      {catalogue.isPending ? (
        <Loading label={intl.formatMessage({ id: 'season.loading' })} />
      ) : catalogue.isError ? (
        <Alert variant="error">
          <FormattedMessage id="season.catalogue.error" />
        </Alert>
      ) : shown.length === 0 ? (
        <p>
          <FormattedMessage id="season.catalogue.empty" />
        </p>
      ) : (
        <ul className="flex flex-col gap-4">
          {shown.map((activity) => (
            <li key={activity.id}>
              <CatalogueCard activity={activity} signedIn={signedIn} quotes={quotes.data} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CatalogueCard({
  activity,
  signedIn,
  quotes,
}: {
  activity: CatalogueActivity;
  signedIn: boolean;
  quotes: readonly CatalogueQuote[] | undefined;
}) {
  const { locale } = useLocale();
  const rule = birthYearsRule(activity);
  const headingId = `activity-${activity.id}-name`;
  const rows: [string, React.ReactNode][] = [
    ...feeRows(activity, locale, signedIn, quotes),
    ...(activity.start_date
      ? ([['season.catalogue.starts', formatDate(activity.start_date, locale, 'long')]] as [
          string,
          string,
        ][])
      : []),
    ...(activity.schedule
      ? ([['season.catalogue.schedule', activity.schedule]] as [string, string][])
      : []),
    ...(activity.venue ? ([['season.catalogue.venue', activity.venue]] as [string, string][]) : []),
    [
      'season.catalogue.window',
      <FormattedMessage
        key="window"
        id="season.catalogue.windowValue"
        values={{
          open: formatMadridDateTime(activity.applications_open_at, locale),
          close: formatMadridDateTime(activity.applications_close_at, locale),
        }}
      />,
    ],
    [
      'season.catalogue.places',
      <FormattedMessage
        key="places"
        id={
          activity.places_left === null
            ? 'season.catalogue.placesTotal'
            : 'season.catalogue.placesLeft'
        }
        values={{ capacity: activity.capacity, left: activity.places_left ?? 0 }}
      />,
    ],
    [
      'season.catalogue.how',
      <FormattedMessage key="how" id={`season.allocation.${activity.allocation}`} />,
    ],
    ...(rule
      ? ([
          [
            'season.catalogue.who',
            <FormattedMessage key="who" id={rule.id} values={rule.values} />,
          ],
        ] as [string, React.ReactNode][])
      : []),
  ];
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-md border border-border-subtle p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-heading font-bold">
          {activity.name}
        </h2>
        <span className="rounded-sm bg-primary-surface px-2 py-0.5 font-semibold">
          <FormattedMessage id={catalogueStatusId(activity.status)} />
        </span>
      </div>
      {/* staff write it in lines (a TextArea): the lines stay */}
      {activity.description ? <p className="whitespace-pre-line">{activity.description}</p> : null}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">
              <FormattedMessage id={label} />
            </dt>
            <dd className="whitespace-pre-line">{value}</dd>
          </div>
        ))}
      </dl>
      {activity.allocation === 'lottery' ? (
        <p>
          <Link to={`/sorteos/${activity.id}`} className={textLinkClassName}>
            <FormattedMessage id="season.catalogue.drawLink" values={{ name: activity.name }} />
          </Link>
        </p>
      ) : null}
    </article>
  );
}
