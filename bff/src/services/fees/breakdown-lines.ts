import { formatEuros, perLocale } from '../../i18n/format.js';
import { t, type Locale } from '../../i18n/index.js';
import type { StoredBreakdown } from './stored-breakdown.js';

const percents = perLocale((tag) => new Intl.NumberFormat(tag, { maximumFractionDigits: 2 }));

/** Basis points as a percentage in the reader's language: 2000 → "20", 1250 → "12,5". */
const percent = (bp: number, locale: Locale) => percents[locale].format(bp / 100);

/**
 * A charged fee's breakdown as lines of text (the receipt under each item, the staff export): the
 * tariff and its band, the reduction with its circumstance and percentage or fixed price, the
 * family discount with the member and percentage, the registration fee charged besides.
 */
export function breakdownLines(stored: StoredBreakdown, locale: Locale): string[] {
  const euros = (cents: number) => formatEuros(cents, locale);
  const price = euros(stored.tariff_price_cents);
  const { tariff, reduction, family_discount: family } = stored;
  const lines = [
    tariff === null
      ? t(locale, 'fee_line_price', { price })
      : tariff.is_default
        ? t(locale, 'fee_line_band_default', { price })
        : tariff.max_age === null
          ? t(locale, 'fee_line_band_open', { from: tariff.min_age, age: tariff.age ?? '', price })
          : t(locale, 'fee_line_band', {
              from: tariff.min_age,
              to: tariff.max_age,
              age: tariff.age ?? '',
              price,
            }),
  ];
  if (reduction) {
    const name = reduction.name[locale] || reduction.name.es;
    const amount = euros(reduction.off_cents);
    lines.push(
      reduction.percent_bp !== null
        ? t(locale, 'fee_line_reduction_percent', {
            name,
            percent: percent(reduction.percent_bp, locale),
            amount,
          })
        : t(locale, 'fee_line_reduction_price', {
            name,
            price: euros(reduction.price_cents ?? 0),
            amount,
          }),
    );
  }
  if (family)
    lines.push(
      t(locale, 'fee_line_family', {
        member: family.member,
        percent: percent(family.percent_bp, locale),
        amount: euros(family.off_cents),
      }),
    );
  if (stored.registration_fee_cents)
    lines.push(
      t(locale, 'fee_line_registration', { amount: euros(stored.registration_fee_cents) }),
    );
  return lines;
}
