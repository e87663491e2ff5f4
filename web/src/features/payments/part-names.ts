import type { IntlShape } from 'react-intl';
import type { components } from '../../lib/api/schema.gen';

type PendingPart = components['schemas']['PendingPart'];
type PaidParts = components['schemas']['PaidParts'];

/** The message ids naming one part ("1.º plazo de 2") and a run of them ("plazos 1.º a 2.º de 3"). */
export interface PartMessageIds {
  one: string;
  range: string;
}

export const RESIDENT_PART_IDS: PartMessageIds = {
  one: 'payments.part.one',
  range: 'payments.part.range',
};

/** One part of a fee in parts: "1.º plazo de 2". */
export function partName(
  intl: IntlShape,
  part: Pick<PendingPart, 'number' | 'of'>,
  ids: PartMessageIds = RESIDENT_PART_IDS,
): string {
  return intl.formatMessage({ id: ids.one }, { number: part.number, of: part.of });
}

/** The parts a payment item paid: "1.º plazo de 2", or "plazos 1.º a 2.º de 3" for several. */
export function paidPartsName(
  intl: IntlShape,
  parts: PaidParts,
  ids: PartMessageIds = RESIDENT_PART_IDS,
): string {
  if (parts.from === parts.to) return partName(intl, { number: parts.from, of: parts.of }, ids);
  return intl.formatMessage({ id: ids.range }, { from: parts.from, to: parts.to, of: parts.of });
}
