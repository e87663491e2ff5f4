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
  if (!tariff && !reduction && !family && !breakdown.registration_fee) return null;
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
  if (breakdown.registration_fee)
    parts.push(
      t('admin.payments.breakdown.registration', { amount: euros(breakdown.registration_fee) }),
    );
  return parts.join('; ');
}

/**
 * The reductions and family discounts a payment's items had, named ("Familia numerosa −50 %;
 * descuento familiar, 2.º miembro −20 %"); under fee rules with none, "No"; in the simple mode
 * (no breakdowns) whether the resident ticked the spec's reduction.
 */
export function discountsText(
  payment: { use_discount: boolean; items: { breakdown: FeeBreakdown | null }[] },
  t: Translate,
  percentOf: (percent: number) => string,
): string {
  const ruled = payment.items.filter((item) => item.breakdown !== null);
  if (ruled.length === 0)
    return t(payment.use_discount ? 'admin.payments.yes' : 'admin.payments.no');
  const named = ruled.flatMap(({ breakdown }) => {
    const { reduction, family_discount: family } = breakdown!;
    const out: string[] = [];
    if (reduction)
      out.push(
        reduction.percent !== null
          ? t('admin.payments.discount.reductionPercent', {
              name: reduction.name,
              percent: percentOf(reduction.percent),
            })
          : t('admin.payments.discount.reductionPrice', { name: reduction.name }),
      );
    if (family)
      out.push(
        t('admin.payments.discount.family', {
          member: family.member,
          percent: percentOf(family.percent),
        }),
      );
    return out;
  });
  return named.length > 0 ? [...new Set(named)].join('; ') : t('admin.payments.no');
}
