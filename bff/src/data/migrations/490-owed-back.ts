/**
 * 490: what a fee in parts owes back (issue 60 item 4). A reduction approved after parts were
 * paid can leave what they charged above the reduced fee: `owed_back_cents` is that excess still
 * to give back (set when the approval is decided, lowered as it is refunded), and
 * `refunded_back_cents` what has been refunded of it, so a later approval's sum is
 * paid − refunded back − the fee now. Staff's "refund due" filter reads the partial index.
 */
export const sqlite = /* sql */ `
ALTER TABLE enrolment_activities ADD COLUMN owed_back_cents INTEGER NOT NULL DEFAULT 0
  CHECK (owed_back_cents >= 0);
ALTER TABLE enrolment_activities ADD COLUMN refunded_back_cents INTEGER NOT NULL DEFAULT 0
  CHECK (refunded_back_cents >= 0);
CREATE INDEX enrolment_activities_owed_back ON enrolment_activities (enrolment_id, activity_id)
  WHERE owed_back_cents > 0;
`;

export const postgres = /* sql */ `
ALTER TABLE enrolment_activities ADD COLUMN owed_back_cents integer NOT NULL DEFAULT 0
  CHECK (owed_back_cents >= 0);
ALTER TABLE enrolment_activities ADD COLUMN refunded_back_cents integer NOT NULL DEFAULT 0
  CHECK (refunded_back_cents >= 0);
CREATE INDEX enrolment_activities_owed_back ON enrolment_activities (enrolment_id, activity_id)
  WHERE owed_back_cents > 0;
`;
