/**
 * 450: reductions by age and rules by fee group (issue 60). A circumstance may be reviewed
 * `age`: it applies by itself to everyone whose age on the activity's reference day is within
 * `min_age`–`max_age` (inclusive; null max: no upper limit); a `declaration` one may carry the
 * same bounds (nobody outside them can declare it). SQLite cannot change a CHECK constraint in
 * place, so `circumstances` is rebuilt (foreign keys off while it runs, checked after).
 * `reduction_rules` and `family_discounts` gain `fee_group` (null: every group), so a clerk
 * writes an ordinance line once for a group; family steps become unique per group.
 */
const REVIEWS = "'staff', 'declaration', 'age'";
const AGE_CHECKS = `CHECK (min_age IS NULL OR min_age BETWEEN 0 AND 130),
  CHECK (max_age IS NULL OR max_age BETWEEN 0 AND 130),
  CHECK (min_age IS NULL OR max_age IS NULL OR max_age >= min_age),
  CHECK (review <> 'age' OR min_age IS NOT NULL)`;

export const sqlite = /* sql */ `
CREATE TABLE circumstances_new (
  id INTEGER PRIMARY KEY,
  name_es TEXT NOT NULL,
  name_en TEXT NOT NULL,
  name_gl TEXT NOT NULL,
  proof_es TEXT NOT NULL,
  proof_en TEXT NOT NULL,
  proof_gl TEXT NOT NULL,
  validity_months INTEGER CHECK (validity_months IS NULL OR validity_months BETWEEN 1 AND 60),
  review TEXT NOT NULL CHECK (review IN (${REVIEWS})),
  min_age INTEGER,
  max_age INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  ${AGE_CHECKS}
);
INSERT INTO circumstances_new (id, name_es, name_en, name_gl, proof_es, proof_en, proof_gl,
  validity_months, review, created_at, updated_at)
SELECT id, name_es, name_en, name_gl, proof_es, proof_en, proof_gl, validity_months, review,
  created_at, updated_at
FROM circumstances;
DROP TABLE circumstances;
ALTER TABLE circumstances_new RENAME TO circumstances;
CREATE UNIQUE INDEX circumstances_name ON circumstances (name_es COLLATE NOCASE);

ALTER TABLE reduction_rules ADD COLUMN fee_group TEXT;
DROP INDEX reduction_rules_one;
CREATE UNIQUE INDEX reduction_rules_one
  ON reduction_rules (circumstance_id, IFNULL(activity_id, 0), IFNULL(fee_group, ''));

CREATE TABLE family_discounts_new (
  fee_group TEXT,
  from_member INTEGER NOT NULL CHECK (from_member BETWEEN 2 AND 20),
  percent_bp INTEGER NOT NULL CHECK (percent_bp BETWEEN 0 AND 10000)
);
INSERT INTO family_discounts_new (from_member, percent_bp)
SELECT from_member, percent_bp FROM family_discounts;
DROP TABLE family_discounts;
ALTER TABLE family_discounts_new RENAME TO family_discounts;
CREATE UNIQUE INDEX family_discounts_one ON family_discounts (IFNULL(fee_group, ''), from_member);

`;

export const postgres = /* sql */ `
ALTER TABLE circumstances DROP CONSTRAINT circumstances_review_check;
ALTER TABLE circumstances ADD CONSTRAINT circumstances_review_check CHECK (review IN (${REVIEWS}));
ALTER TABLE circumstances ADD COLUMN min_age integer;
ALTER TABLE circumstances ADD COLUMN max_age integer;
ALTER TABLE circumstances ADD ${AGE_CHECKS.replace(/,\n {2}CHECK/g, ',\n  ADD CHECK')};

ALTER TABLE reduction_rules ADD COLUMN fee_group text COLLATE "C";
DROP INDEX reduction_rules_one;
CREATE UNIQUE INDEX reduction_rules_one
  ON reduction_rules (circumstance_id, COALESCE(activity_id, 0), COALESCE(fee_group, ''));

ALTER TABLE family_discounts ADD COLUMN fee_group text COLLATE "C";
ALTER TABLE family_discounts DROP CONSTRAINT family_discounts_pkey;
CREATE UNIQUE INDEX family_discounts_one ON family_discounts (COALESCE(fee_group, ''), from_member);

`;
