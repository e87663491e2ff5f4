import { formatDate, formatEuros } from '@portal/design-system/lib/format.ts';
import { FormattedMessage } from 'react-intl';
import type { Locale } from '../../../i18n/locales';
import { FeeBreakdownList } from '../../payments/components/fee-breakdown';
import type { CatalogueActivity, CatalogueQuote } from '../api/season-api';

type Fee = CatalogueActivity['fee'];

/** Prices by age, reductions or a family discount: each person's fee may differ. */
export const differsByPerson = (fee: Fee) =>
  fee.tariffs.length > 0 || fee.reductions.length > 0 || fee.family_discounts.length > 0;

/**
 * The catalogue card's rows on money, as the checkout charges it: the price, what a resident
 * pays (the spec's 75 %, and with the reduction), or the prices by age, the reductions and the
 * family discount the council's rules give, and then what each person a signed-in resident
 * manages would pay (`quotes`: the server's, undefined while they are not known).
 */
export function feeRows(
  activity: CatalogueActivity,
  locale: Locale,
  signedIn: boolean,
  quotes?: readonly CatalogueQuote[],
): [string, React.ReactNode][] {
  const { fee } = activity;
  const euros = (amount: number) => formatEuros(amount, locale);
  const rows: [string, React.ReactNode][] = [];
  if (fee.tariffs.length > 0) {
    rows.push(['season.catalogue.price', <Tariffs key="tariffs" fee={fee} euros={euros} />]);
  } else {
    rows.push(['season.catalogue.price', euros(activity.price)]);
    if (fee.amount !== null && fee.amount !== activity.price)
      rows.push([
        'season.catalogue.pays',
        fee.amount_with_reduction === null ? (
          euros(fee.amount)
        ) : (
          <FormattedMessage
            key="pays"
            id="season.catalogue.paysReduced"
            values={{ amount: euros(fee.amount), reduced: euros(fee.amount_with_reduction) }}
          />
        ),
      ]);
  }
  // the registration fee, never reduced, and the parts: each its own row
  if (fee.registration_fee)
    rows.push([
      'season.catalogue.registrationFee',
      <FormattedMessage
        key="registration"
        id="season.catalogue.registrationFeeValue"
        values={{ amount: euros(fee.registration_fee) }}
      />,
    ]);
  if (fee.parts && fee.parts.length > 0)
    rows.push(['season.catalogue.parts', <Parts key="parts" fee={fee} locale={locale} />]);
  if (fee.reductions.length > 0)
    rows.push([
      'season.catalogue.reductions',
      <Reductions key="reductions" fee={fee} euros={euros} />,
    ]);
  if (fee.family_discounts.length > 0)
    rows.push([
      'season.catalogue.family',
      <ul key="family">
        {fee.family_discounts.map((rule) => (
          <li key={rule.from_member}>
            <FormattedMessage
              id="season.catalogue.familyValue"
              values={{ percent: rule.percent, member: rule.from_member }}
            />
          </li>
        ))}
      </ul>,
    ]);
  const rulesMode = differsByPerson(fee);
  // with rules each person's fee differs: theirs, worked out by the server, or (until it is
  // known) where to read it
  if (rulesMode && signedIn && !rows.some(([label]) => label === 'season.catalogue.pays')) {
    const theirs = quotes?.filter((quote) => quote.activity_id === activity.id);
    if (theirs === undefined)
      rows.push([
        'season.catalogue.pays',
        <FormattedMessage key="yours" id="season.catalogue.yourAmount" />,
      ]);
    else if (theirs.length > 0)
      rows.push([
        'season.catalogue.eachPays',
        <Quotes key="quotes" quotes={theirs} euros={euros} />,
      ]);
  }
  return rows;
}

function Quotes({
  quotes,
  euros,
}: {
  quotes: readonly CatalogueQuote[];
  euros: (amount: number) => string;
}) {
  return (
    <ul className="flex flex-col gap-2">
      {quotes.map((quote) => (
        <li key={quote.person_activity_id}>
          <FormattedMessage
            id="season.catalogue.personPays"
            values={{ name: quote.full_name, amount: euros(quote.amount) }}
          />
          {quote.breakdown ? (
            <FeeBreakdownList breakdown={quote.breakdown} className="text-small" />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Each part's share of the fee (its percent, or its weight of the weights' sum) and last day. */
function Parts({ fee, locale }: { fee: Fee; locale: Locale }) {
  const parts = fee.parts ?? [];
  const weights = parts.reduce((sum, part) => sum + (part.weight ?? 0), 0);
  return (
    <ul>
      {parts.map((part, index) => (
        <li key={part.due_date}>
          <FormattedMessage
            id={
              part.weight != null ? 'season.catalogue.partWeight' : 'season.catalogue.partPercent'
            }
            values={{
              number: index + 1,
              date: formatDate(part.due_date, locale),
              weight: part.weight ?? 0,
              weights,
              percent: part.percent ?? 0,
            }}
          />
        </li>
      ))}
    </ul>
  );
}

function Tariffs({ fee, euros }: { fee: Fee; euros: (amount: number) => string }) {
  return (
    <ul>
      {fee.tariffs.map((band) => (
        <li key={band.min_age}>
          <FormattedMessage
            id={
              band.max_age === null
                ? 'season.catalogue.tariffBandOpen'
                : 'season.catalogue.tariffBand'
            }
            values={{ min: band.min_age, max: band.max_age ?? 0, price: euros(band.price) }}
          />
        </li>
      ))}
    </ul>
  );
}

function Reductions({ fee, euros }: { fee: Fee; euros: (amount: number) => string }) {
  return (
    <>
      <ul>
        {fee.reductions.map((reduction) => (
          <li key={reduction.circumstance}>
            <FormattedMessage
              id={
                reduction.price !== null
                  ? 'season.catalogue.reductionPrice'
                  : reduction.percent === 100
                    ? 'season.catalogue.reductionFree'
                    : 'season.catalogue.reductionPercent'
              }
              values={{
                circumstance: reduction.circumstance,
                percent: reduction.percent ?? 0,
                price: euros(reduction.price ?? 0),
              }}
            />
          </li>
        ))}
      </ul>
      <p className="text-small text-muted-foreground">
        <FormattedMessage
          id={fee.cumulative ? 'season.catalogue.cumulative' : 'season.catalogue.notCumulative'}
        />
      </p>
    </>
  );
}
