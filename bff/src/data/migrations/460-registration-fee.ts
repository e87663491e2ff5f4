/**
 * 460: a registration fee (issue 60). `activities.registration_fee_cents` is a flat amount
 * (*matrícula*) never reduced nor discounted, charged once per person and activity with the first
 * payment of the fee (its part 1, or the whole fee). A payment item says how much of its amount
 * was that fee (`registration_fee_cents`); an enrolled activity how much of `paid_amount_cents`
 * was (`registration_fee_paid_cents`, 0 until paid and again once refunded). An item of parts
 * also keeps the whole fee it was a share of (`fee_cents`, reductions applied, without the
 * registration fee) and what was left to pay after it (`remaining_cents`), so its receipt says
 * them as they were; null on items before this migration and on whole fees.
 */
export const sqlite = /* sql */ `
ALTER TABLE activities ADD COLUMN registration_fee_cents INTEGER NOT NULL DEFAULT 0
  CHECK (registration_fee_cents >= 0);
ALTER TABLE payment_items ADD COLUMN registration_fee_cents INTEGER NOT NULL DEFAULT 0;
ALTER TABLE payment_items ADD COLUMN fee_cents INTEGER;
ALTER TABLE payment_items ADD COLUMN remaining_cents INTEGER;
ALTER TABLE enrolment_activities ADD COLUMN registration_fee_paid_cents INTEGER NOT NULL DEFAULT 0;
`;

export const postgres = /* sql */ `
ALTER TABLE activities ADD COLUMN registration_fee_cents integer NOT NULL DEFAULT 0
  CHECK (registration_fee_cents >= 0);
ALTER TABLE payment_items ADD COLUMN registration_fee_cents integer NOT NULL DEFAULT 0;
ALTER TABLE payment_items ADD COLUMN fee_cents integer;
ALTER TABLE payment_items ADD COLUMN remaining_cents integer;
ALTER TABLE enrolment_activities ADD COLUMN registration_fee_paid_cents integer NOT NULL DEFAULT 0;
`;
