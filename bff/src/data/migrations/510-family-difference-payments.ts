/**
 * 510: a family difference paid online (issue 60 item 7). A payment item may pay a family
 * difference instead of a fee: `payment_items.family_difference_id` names the difference (the
 * fee's open differences up to it, paid together), `family_difference_member` the member whose
 * refund or withdrawal ended the discount, as named when paid (the receipt's line). Once the
 * bank pays it, the differences record it in `family_differences.paid_payment_id` beside
 * `settled_at`; a refund of that item makes them pending again.
 */
export const sqlite = /* sql */ `
ALTER TABLE payment_items ADD COLUMN family_difference_id INTEGER
  REFERENCES family_differences (id) ON DELETE SET NULL;
ALTER TABLE payment_items ADD COLUMN family_difference_member TEXT;
CREATE INDEX payment_items_family_difference ON payment_items (family_difference_id)
  WHERE family_difference_id IS NOT NULL;
ALTER TABLE family_differences ADD COLUMN paid_payment_id INTEGER
  REFERENCES payments (id) ON DELETE SET NULL;
`;

export const postgres = /* sql */ `
ALTER TABLE payment_items ADD COLUMN family_difference_id integer
  REFERENCES family_differences (id) ON DELETE SET NULL;
ALTER TABLE payment_items ADD COLUMN family_difference_member text;
CREATE INDEX payment_items_family_difference ON payment_items (family_difference_id)
  WHERE family_difference_id IS NOT NULL;
ALTER TABLE family_differences ADD COLUMN paid_payment_id integer
  REFERENCES payments (id) ON DELETE SET NULL;
`;
