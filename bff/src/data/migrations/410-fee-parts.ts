/**
 * 410: a fee in parts (issue 51). `activities.parts` is the split staff set, JSON
 * `[{"percent_bp": 5000, "due_date": "2026-10-15"}, …]` (empty: one payment). On an enrolled
 * activity `parts_paid` counts the parts paid, always the first ones (a part is paid only after
 * the ones before it); `is_paid` stays the whole fee's flag (1 once the last part is paid) and
 * `paid_amount_cents` what has been paid so far. A payment item of a fee in parts names the parts
 * it paid (`part_from`–`part_to` of `part_of`); null for a whole fee.
 */
export const sqlite = /* sql */ `
ALTER TABLE activities ADD COLUMN parts TEXT NOT NULL DEFAULT '[]';
ALTER TABLE enrolment_activities ADD COLUMN parts_paid INTEGER NOT NULL DEFAULT 0
  CHECK (parts_paid >= 0);
ALTER TABLE payment_items ADD COLUMN part_from INTEGER;
ALTER TABLE payment_items ADD COLUMN part_to INTEGER;
ALTER TABLE payment_items ADD COLUMN part_of INTEGER;
`;

export const postgres = /* sql */ `
ALTER TABLE activities ADD COLUMN parts text COLLATE "C" NOT NULL DEFAULT '[]';
ALTER TABLE enrolment_activities ADD COLUMN parts_paid integer NOT NULL DEFAULT 0
  CHECK (parts_paid >= 0);
ALTER TABLE payment_items ADD COLUMN part_from integer;
ALTER TABLE payment_items ADD COLUMN part_to integer;
ALTER TABLE payment_items ADD COLUMN part_of integer;
`;
