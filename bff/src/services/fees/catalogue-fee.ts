import type { FeeRulesRows } from '../../data/fees-repo.js';
import type { Locale } from '../../i18n/index.js';
import { centsToEuros } from '../../lib/money.js';
import { amountWithoutReduction, amountWithReduction } from '../pricing.js';
import { bpToPercent } from './fee-rules.js';
import type { Names } from './stored-breakdown.js';
import { rulesFor } from './quotes.js';
import { parseTariffs, toTariffView, type TariffView } from './tariffs.js';

/** What the public catalogue tells of a fee (the contract's CatalogueFee). */
export interface CatalogueFee {
  amount: number | null;
  amount_with_reduction: number | null;
  tariffs: TariffView[];
  reductions: { circumstance: string; percent: number | null; price: number | null }[];
  family_discounts: { from_member: number; percent: number }[];
  cumulative: boolean;
}

/** Everything the catalogue's fees are read from, once per call. */
export interface FeeTerms {
  rules: FeeRulesRows & { any: boolean };
  globalDiscountBp: number;
  names: Map<number, Names>;
}

/**
 * What a resident pays for an activity, as the checkout charges it: in the simple mode the
 * spec's 75 % of the price (or the price less the global discount, with the reduction); with fee
 * rules the activity's tariffs and the reductions and family discounts that can apply to it.
 */
export function catalogueFee(
  activity: {
    id: number;
    price_cents: number;
    tariffs: string;
    reductions_apply: number;
    fee_group: string | null;
  },
  terms: FeeTerms,
  locale: Locale,
): CatalogueFee {
  if (!terms.rules.any) {
    const reduced = amountWithReduction(activity.price_cents, terms.globalDiscountBp);
    return {
      amount: centsToEuros(amountWithoutReduction(activity.price_cents)),
      amount_with_reduction: reduced === null ? null : centsToEuros(reduced),
      tariffs: [],
      reductions: [],
      family_discounts: [],
      cumulative: false,
    };
  }
  const tariffs = parseTariffs(activity.tariffs);
  const rules = rulesFor(activity.id, activity.fee_group, terms.rules);
  const reductions =
    activity.reductions_apply === 0
      ? []
      : rules.reductions.map((rule) => ({
          circumstance: terms.names.get(rule.circumstance_id)?.[locale] ?? '',
          percent: rule.percent_bp === undefined ? null : bpToPercent(rule.percent_bp),
          price: rule.price_cents === undefined ? null : centsToEuros(rule.price_cents),
        }));
  return {
    amount: tariffs.length === 0 ? centsToEuros(activity.price_cents) : null,
    amount_with_reduction: null,
    tariffs: tariffs.map(toTariffView),
    reductions: reductions.sort((a, b) => a.circumstance.localeCompare(b.circumstance, locale)),
    family_discounts:
      activity.fee_group === null
        ? []
        : rules.family
            .map((rule) => ({
              from_member: rule.from_member,
              percent: bpToPercent(rule.percent_bp),
            }))
            .sort((a, b) => a.from_member - b.from_member),
    cumulative: rules.cumulative,
  };
}
