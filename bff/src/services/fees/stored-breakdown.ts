import type { Breakdown } from './compute.js';
import type { Locale } from '../../i18n/index.js';

export type Names = Record<Locale, string>;

/**
 * A fee's breakdown as a payment item keeps it (payment_items.breakdown, JSON, cents): the
 * circumstance's name in every language as it was when charged, so a receipt or a list in any
 * language shows what was charged, whatever staff rename or remove later.
 */
export interface StoredBreakdown {
  tariff_price_cents: number;
  tariff: Breakdown['tariff'];
  reduction:
    | (Omit<NonNullable<Breakdown['reduction']>, 'name'> & {
        name: Names;
      })
    | null;
  family_discount: Breakdown['family_discount'];
  /** Absent in breakdowns stored before migration 460: none. */
  registration_fee_cents?: number;
}

/** A payment item's stored breakdown (null: charged in the simple mode). */
export function readStoredBreakdown(json: string | null): StoredBreakdown | null {
  if (json === null || json === '') return null;
  return JSON.parse(json) as StoredBreakdown;
}
