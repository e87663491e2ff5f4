import { centsToEuros, eurosToCents, isStaffAmount } from '../../lib/money.js';
import type { ValidationIssue } from '../errors.js';
import type { Tariff } from './compute.js';

/** A band as the API carries it: euros, and `default` for the band without a birth date. */
export interface TariffView {
  min_age: number;
  max_age: number | null;
  price: number;
  default: boolean;
}

/** The stored JSON (cents) of an activity's bands; '[]' or anything unreadable is none. */
export function parseTariffs(json: string): Tariff[] {
  if (json === '[]' || json === '') return [];
  const value: unknown = JSON.parse(json);
  if (!Array.isArray(value)) return [];
  return value.map((band: Tariff) => ({
    min_age: band.min_age,
    max_age: band.max_age,
    price_cents: band.price_cents,
    is_default: band.is_default,
  }));
}

export const tariffsToJson = (tariffs: readonly Tariff[]): string =>
  JSON.stringify(
    [...tariffs]
      .sort((a, b) => a.min_age - b.min_age)
      .map((t) => ({
        min_age: t.min_age,
        max_age: t.max_age,
        price_cents: t.price_cents,
        is_default: t.is_default,
      })),
  );

export const toTariffView = (tariff: Tariff): TariffView => ({
  min_age: tariff.min_age,
  max_age: tariff.max_age,
  price: centsToEuros(tariff.price_cents),
  default: tariff.is_default,
});

/**
 * The bands staff wrote, checked: from age 0, no age without a price and none in two bands, the
 * last without an upper age, exactly one default, no price below 0. Each problem names the ages
 * (loc: body, tariffs, the band's index as written, the field). Empty: the single price.
 */
export function checkTariffs(input: readonly TariffView[]): {
  tariffs: Tariff[];
  issues: ValidationIssue[];
} {
  const issues: ValidationIssue[] = [];
  const issue = (
    index: number,
    field: string,
    msg: string,
    params?: Record<string, string | number>,
  ) => issues.push({ loc: ['body', 'tariffs', index, field], msg, type: msg, params });
  const bands = input.map((band, index) => ({ ...band, index }));
  for (const band of bands) {
    if (!Number.isFinite(band.price) || band.price < 0)
      issue(band.index, 'price', ...priceOf(band.min_age, band.max_age));
    else if (!isStaffAmount(band.price)) issue(band.index, 'price', 'amount_too_high');
    if (band.max_age !== null && band.max_age < band.min_age)
      issue(band.index, 'max_age', 'fees_tariff_order', { from: band.min_age, to: band.max_age });
  }
  if (bands.length > 0) {
    const sorted = [...bands].sort((a, b) => a.min_age - b.min_age || a.index - b.index);
    const first = sorted[0]!;
    if (first.min_age > 0) issue(first.index, 'min_age', ...gap(0, first.min_age - 1));
    for (let i = 1; i < sorted.length; i++) {
      const before = sorted[i - 1]!;
      const band = sorted[i]!;
      if (before.max_age === null) {
        issue(band.index, 'min_age', ...overlap(band.min_age, band.max_age));
      } else if (band.min_age <= before.max_age) {
        const to = band.max_age === null ? before.max_age : Math.min(before.max_age, band.max_age);
        issue(band.index, 'min_age', ...overlap(band.min_age, to));
      } else if (band.min_age > before.max_age + 1) {
        issue(band.index, 'min_age', ...gap(before.max_age + 1, band.min_age - 1));
      }
    }
    const last = sorted[sorted.length - 1]!;
    if (last.max_age !== null && !sorted.some((b) => b.max_age === null))
      issue(last.index, 'max_age', 'fees_tariff_open_end', { from: last.max_age + 1 });
    const defaults = bands.filter((band) => band.default);
    if (defaults.length === 0) issue(first.index, 'default', 'fees_tariff_no_default');
    for (const extra of defaults.slice(1))
      issue(extra.index, 'default', 'fees_tariff_two_defaults');
  }
  return {
    tariffs: bands.map((band) => ({
      min_age: band.min_age,
      max_age: band.max_age,
      price_cents: eurosToCents(band.price),
      is_default: band.default,
    })),
    issues,
  };
}

/** A band's price below 0. */
export const priceOf = (from: number, to: number | null): [string, Record<string, number>] =>
  to === null ? ['fees_tariff_price_open', { from }] : ['fees_tariff_price', { from, to }];

/** Ages with no price: one age, a span, or every age from one on. */
function gap(from: number, to: number): [string, Record<string, number>] {
  return from === to ? ['fees_tariff_gap_one', { from }] : ['fees_tariff_gap', { from, to }];
}

/** Ages in two bands. */
function overlap(from: number, to: number | null): [string, Record<string, number>] {
  if (to === null) return ['fees_tariff_overlap_open', { from }];
  return from === to
    ? ['fees_tariff_overlap_one', { from }]
    : ['fees_tariff_overlap', { from, to }];
}
