/**
 * 485: a remittance item remembers what of its amount is the activity's registration fee (with
 * part 1, or with the whole fee), the whole fee its part was a share of and what was left to pay
 * after it, as the bank was told, so its collection's payment item records them as a card
 * payment's does (migration 460) and a return undoes the registration fee with the part.
 */
export const sqlite = /* sql */ `
ALTER TABLE remittance_items ADD COLUMN registration_fee_cents INTEGER NOT NULL DEFAULT 0
  CHECK (registration_fee_cents >= 0);
ALTER TABLE remittance_items ADD COLUMN fee_cents INTEGER;
ALTER TABLE remittance_items ADD COLUMN remaining_cents INTEGER;
`;

export const postgres = /* sql */ `
ALTER TABLE remittance_items ADD COLUMN registration_fee_cents integer NOT NULL DEFAULT 0
  CHECK (registration_fee_cents >= 0);
ALTER TABLE remittance_items ADD COLUMN fee_cents integer;
ALTER TABLE remittance_items ADD COLUMN remaining_cents integer;
`;
