import type { Locale } from '../../i18n/index.js';
import { centsToEuros } from '../../lib/money.js';
import type { StoredBreakdown } from './stored-breakdown.js';

/** The contract's FeeBreakdown: euros and percentages, the circumstance named in one language. */
export interface FeeBreakdownView {
  tariff_price: number;
  tariff: { min_age: number; max_age: number | null; age: number | null; default: boolean } | null;
  reduction: {
    circumstance_id: number;
    name: string;
    percent: number | null;
    price: number | null;
    amount: number;
  } | null;
  family_discount: { member: number; percent: number; amount: number } | null;
  /** Absent: no registration fee with this fee. */
  registration_fee?: number;
}

export function toFeeBreakdownView(stored: StoredBreakdown, locale: Locale): FeeBreakdownView;
export function toFeeBreakdownView(
  stored: StoredBreakdown | null | undefined,
  locale: Locale,
): FeeBreakdownView | null;
export function toFeeBreakdownView(
  stored: StoredBreakdown | null | undefined,
  locale: Locale,
): FeeBreakdownView | null {
  if (!stored) return null;
  const { tariff, reduction, family_discount: family } = stored;
  return {
    tariff_price: centsToEuros(stored.tariff_price_cents),
    tariff: tariff && {
      min_age: tariff.min_age,
      max_age: tariff.max_age,
      age: tariff.age,
      default: tariff.is_default,
    },
    reduction: reduction && {
      circumstance_id: reduction.circumstance_id,
      name: reduction.name[locale] || reduction.name.es,
      percent: reduction.percent_bp === null ? null : reduction.percent_bp / 100,
      price: reduction.price_cents === null ? null : centsToEuros(reduction.price_cents),
      amount: centsToEuros(reduction.off_cents),
    },
    family_discount: family && {
      member: family.member,
      percent: family.percent_bp / 100,
      amount: centsToEuros(family.off_cents),
    },
    ...(stored.registration_fee_cents
      ? { registration_fee: centsToEuros(stored.registration_fee_cents) }
      : {}),
  };
}
