import type { PartMessageIds } from '../../payments/part-names';

/** The staff panel's names of the parts of a fee in parts ("1.º plazo de 2", "plazos 1.º a 2.º de 3"). */
export const ADMIN_PART_IDS: PartMessageIds = {
  one: 'admin.payments.part.one',
  range: 'admin.payments.part.range',
};
