import { formatEuros } from '@portal/design-system/lib/format.ts';
import { cn } from '@portal/design-system/lib/cn.ts';
import { useIntl } from 'react-intl';
import { useLocale } from '../../../i18n/i18n-provider';
import type { components } from '../../../lib/api/schema.gen';

export type FeeBreakdown = components['schemas']['FeeBreakdown'];

/**
 * How a fee comes about (the server's breakdown, never worked out here): the tariff and why, the
 * reduction and the family discount that apply. A description list, so a screen reader reads
 * each part with its name; nothing is told by colour alone.
 */
export function FeeBreakdownList({
  breakdown,
  className,
}: {
  breakdown: FeeBreakdown;
  className?: string;
}) {
  const intl = useIntl();
  const { locale } = useLocale();
  const euros = (amount: number) => formatEuros(amount, locale);
  const percent = (value: number) =>
    intl.formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 1 });
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const { tariff, reduction, family_discount: family } = breakdown;

  const parts: [term: string, description: string][] = [
    [
      t(tariff ? 'payments.breakdown.tariff' : 'payments.breakdown.price'),
      tariff
        ? t('payments.breakdown.tariffValue', {
            band: bandText(tariff, t),
            price: euros(breakdown.tariff_price),
          })
        : euros(breakdown.tariff_price),
    ],
  ];
  if (reduction) {
    parts.push([
      t('payments.breakdown.reduction'),
      reduction.percent !== null
        ? t('payments.breakdown.reductionPercent', {
            name: reduction.name,
            percent: percent(reduction.percent),
            amount: euros(reduction.amount),
          })
        : t('payments.breakdown.reductionPrice', {
            name: reduction.name,
            price: euros(reduction.price ?? 0),
            amount: euros(reduction.amount),
          }),
    ]);
  }
  if (family) {
    parts.push([
      t('payments.breakdown.family'),
      t('payments.breakdown.familyValue', {
        member: family.member,
        percent: percent(family.percent),
        amount: euros(family.amount),
      }),
    ]);
  }

  if (breakdown.registration_fee) {
    parts.push([t('payments.breakdown.registration'), euros(breakdown.registration_fee)]);
  }

  return (
    <dl
      data-slot="fee-breakdown"
      className={cn('grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-small', className)}
    >
      {parts.map(([term, description]) => (
        <div key={term} className="contents">
          <dt className="font-semibold">{term}</dt>
          <dd>{description}</dd>
        </div>
      ))}
    </dl>
  );
}

type Tariff = NonNullable<FeeBreakdown['tariff']>;

/** "0–17 años", "65 años o más"; the default band of a person without a birth date says so. */
function bandText(
  tariff: Tariff,
  t: (id: string, values?: Record<string, string | number>) => string,
): string {
  const band =
    tariff.max_age === null
      ? t('payments.breakdown.bandFrom', { min: tariff.min_age })
      : t('payments.breakdown.band', { min: tariff.min_age, max: tariff.max_age });
  if (tariff.age === null && tariff.default) return t('payments.breakdown.bandDefault', { band });
  return band;
}
