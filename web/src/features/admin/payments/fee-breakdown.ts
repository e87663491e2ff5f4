import { formatEuros } from '@portal/design-system/lib/format.ts';
import type { Schemas } from '../api/result';

export type FeeBreakdown = Schemas['FeeBreakdown'];

type Translate = (id: string, values?: Record<string, string | number>) => string;

/**
 * One line saying how an item's amount came about, as the server worked it out: "Tarifa 0–17
 * años 60,00 €; Familia numerosa −20 % (−12,00 €)". Null when there is nothing to say beyond
 * the amount (a single price with no reduction or family discount).
 */
export function breakdownText(
  breakdown: FeeBreakdown | null,
  t: Translate,
  locale: 'es' | 'en' | 'gl',
  percentOf: (percent: number) => string,
): string | null {
  if (!breakdown) return null;
  const { tariff, reduction, family_discount: family } = breakdown;
  if (!tariff && !reduction && !family) return null;
  const euros = (amount: number) => formatEuros(amount, locale);
  const parts: string[] = [];
  if (tariff) {
    const band =
      tariff.max_age === null
        ? t('admin.payments.breakdown.bandFrom', { min: tariff.min_age })
        : t('admin.payments.breakdown.band', { min: tariff.min_age, max: tariff.max_age });
    parts.push(
      t('admin.payments.breakdown.tariff', {
        band:
          tariff.age === null && tariff.default
            ? t('admin.payments.breakdown.bandDefault', { band })
            : band,
        price: euros(breakdown.tariff_price),
      }),
    );
  } else {
    parts.push(t('admin.payments.breakdown.price', { price: euros(breakdown.tariff_price) }));
  }
  if (reduction) {
    parts.push(
      reduction.percent !== null
        ? t('admin.payments.breakdown.reductionPercent', {
            name: reduction.name,
            percent: percentOf(reduction.percent),
            amount: euros(reduction.amount),
          })
        : t('admin.payments.breakdown.reductionPrice', {
            name: reduction.name,
            price: euros(reduction.price ?? 0),
            amount: euros(reduction.amount),
          }),
    );
  }
  if (family) {
    parts.push(
      t('admin.payments.breakdown.family', {
        member: family.member,
        percent: percentOf(family.percent),
        amount: euros(family.amount),
      }),
    );
  }
  return parts.join('; ');
}
