import { formatEuros } from '@portal/design-system/lib/format.ts';
import { FormattedMessage } from 'react-intl';
import type { Locale } from '../../../i18n/locales';
import type { CatalogueActivity } from '../api/season-api';

type Fee = CatalogueActivity['fee'];

/**
 * The catalogue card's rows on money, as the checkout charges it: the price, what a resident
 * pays (the spec's 75 %, and with the reduction), or the prices by age, the reductions and the
 * family discount the council's rules give.
 */
export function feeRows(
  activity: CatalogueActivity,
  locale: Locale,
  signedIn: boolean,
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
  const rulesMode =
    fee.tariffs.length > 0 || fee.reductions.length > 0 || fee.family_discounts.length > 0;
  // with rules each person's fee differs: the dashboard shows theirs, with its breakdown
  if (rulesMode && signedIn && !rows.some(([label]) => label === 'season.catalogue.pays'))
    rows.push([
      'season.catalogue.pays',
      <FormattedMessage key="yours" id="season.catalogue.yourAmount" />,
    ]);
  return rows;
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
