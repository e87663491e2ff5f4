import { t, type Locale } from '../../i18n/index.js';

/** The parts of a fee in parts a payment item paid, as the contract carries them (PaidParts). */
export interface PaidParts {
  from: number;
  to: number;
  of: number;
}

/** An item's stored part columns as PaidParts; null for a whole fee. */
export function paidParts(item: {
  part_from: number | null;
  part_to: number | null;
  part_of: number | null;
}): PaidParts | null {
  if (item.part_from === null || item.part_of === null) return null;
  return { from: item.part_from, to: item.part_to ?? item.part_from, of: item.part_of };
}

/** The parts by name: "1.º plazo de 2", "plazos 1.º a 2.º de 3" (en "instalments 1–2 of 3"). */
export function partName(parts: PaidParts, locale: Locale): string {
  return parts.from === parts.to
    ? t(locale, 'part_name_one', { number: parts.from, of: parts.of })
    : t(locale, 'part_name_range', { from: parts.from, to: parts.to, of: parts.of });
}

/**
 * The short form: "1/2", "1–2/3" in the payments export; `dash` '-' for Redsys's description
 * ("1-2/3"), which is kept to plain ASCII.
 */
export const partsShort = (parts: PaidParts, dash = '–'): string =>
  `${parts.from === parts.to ? parts.from : `${parts.from}${dash}${parts.to}`}/${parts.of}`;
