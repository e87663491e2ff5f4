import type { Database } from '../database.js';

/**
 * 480: SEPA direct debit (issue 62). The council's settings (`direct_debit_enabled`, off by
 * default; the days of notice before a debit, 14 by default; the fee added to a returned debit,
 * in cents). Mandates as signed (the IBAN sealed, and masked for everyone but the bank's file);
 * the fees residents put on a mandate (`direct_debits`, one active per fee); the remittances sent
 * to the bank and their items (one per fee, part of a fee or return fee, each with its
 * end-to-end id); the returns the bank answered, each applied once (`item_id` unique).
 * A collected item becomes a payment like a card's: `payments.pay_method` takes `direct_debit`
 * and `payments.gateway` takes `sepa` (SQLite rebuilds the table to widen its CHECKs, see
 * `widenPaymentChecks`; PostgreSQL replaces the constraints).
 */
const tables = (t: { int: string; text: string; key: string }) => /* sql */ `
CREATE TABLE mandates (
  id ${t.key},
  reference ${t.text} NOT NULL UNIQUE,
  user_id ${t.int} REFERENCES users (id) ON DELETE SET NULL,
  holder_name ${t.text} NOT NULL,
  holder_dni ${t.text} NOT NULL,
  -- the IBAN sealed (lib/secret-box.ts); null once erased (14 months after its last debit)
  iban_sealed ${t.text},
  iban_masked ${t.text} NOT NULL,
  creditor_id ${t.text} NOT NULL,
  creditor_name ${t.text} NOT NULL,
  signed_at ${t.text} NOT NULL,
  signed_ip ${t.text},
  locale ${t.text} NOT NULL CHECK (locale IN ('es', 'en', 'gl')),
  status ${t.text} NOT NULL DEFAULT 'active'
    CHECK (status IN ('active', 'cancelled', 'suspended', 'lapsed')),
  status_at ${t.text},
  last_debit_on ${t.text},
  iban_erased_at ${t.text}
);
CREATE INDEX mandates_user ON mandates (user_id);

CREATE TABLE direct_debits (
  id ${t.key},
  mandate_id ${t.int} NOT NULL REFERENCES mandates (id),
  user_id ${t.int} REFERENCES users (id) ON DELETE SET NULL,
  enrolment_id ${t.int} NOT NULL,
  activity_id ${t.int} NOT NULL,
  status ${t.text} NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'cancelled', 'ended')),
  created_at ${t.text} NOT NULL,
  notified_at ${t.text},
  ended_at ${t.text},
  ended_reason ${t.text}
);
CREATE UNIQUE INDEX direct_debits_one_active ON direct_debits (enrolment_id, activity_id)
  WHERE status = 'active';
CREATE INDEX direct_debits_mandate ON direct_debits (mandate_id);
CREATE INDEX direct_debits_user ON direct_debits (user_id);

CREATE TABLE remittances (
  id ${t.key},
  message_id ${t.text} NOT NULL UNIQUE,
  collection_date ${t.text} NOT NULL,
  status ${t.text} NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'collected')),
  item_count ${t.int} NOT NULL,
  total_cents ${t.int} NOT NULL,
  created_at ${t.text} NOT NULL,
  created_by ${t.int},
  collected_at ${t.text}
);

CREATE TABLE remittance_items (
  id ${t.key},
  remittance_id ${t.int} NOT NULL REFERENCES remittances (id),
  direct_debit_id ${t.int} NOT NULL REFERENCES direct_debits (id),
  mandate_id ${t.int} NOT NULL REFERENCES mandates (id),
  enrolment_id ${t.int} NOT NULL,
  activity_id ${t.int} NOT NULL,
  kind ${t.text} NOT NULL CHECK (kind IN ('fee', 'return_fee')),
  part_number ${t.int},
  part_of ${t.int},
  -- a return fee's item: the return it charges for
  charged_return_id ${t.int},
  amount_cents ${t.int} NOT NULL CHECK (amount_cents > 0),
  end_to_end_id ${t.text} NOT NULL UNIQUE,
  sequence_type ${t.text} NOT NULL CHECK (sequence_type IN ('FRST', 'RCUR')),
  status ${t.text} NOT NULL DEFAULT 'in_remittance'
    CHECK (status IN ('in_remittance', 'collected', 'returned')),
  payment_id ${t.int} REFERENCES payments (id),
  person_name ${t.text} NOT NULL,
  activity_name ${t.text} NOT NULL,
  breakdown ${t.text}
);
CREATE INDEX remittance_items_remittance ON remittance_items (remittance_id);
CREATE INDEX remittance_items_debit ON remittance_items (direct_debit_id, part_number);
CREATE INDEX remittance_items_mandate ON remittance_items (mandate_id, status);

CREATE TABLE direct_debit_returns (
  id ${t.key},
  item_id ${t.int} NOT NULL UNIQUE REFERENCES remittance_items (id),
  remittance_id ${t.int} NOT NULL REFERENCES remittances (id),
  direct_debit_id ${t.int} NOT NULL REFERENCES direct_debits (id),
  reason_code ${t.text} NOT NULL,
  file_type ${t.text} NOT NULL CHECK (file_type IN ('pain.002', 'camt.054')),
  file_sha256 ${t.text} NOT NULL,
  -- presented once more in the next remittance (AM04, the first time)
  represent ${t.int} NOT NULL DEFAULT 0 CHECK (represent IN (0, 1)),
  fee_cents ${t.int} NOT NULL DEFAULT 0,
  received_at ${t.text} NOT NULL,
  actor_user_id ${t.int}
);
CREATE INDEX direct_debit_returns_debit ON direct_debit_returns (direct_debit_id);
`;

export const sqlite = /* sql */ `
ALTER TABLE config ADD COLUMN direct_debit_enabled INTEGER NOT NULL DEFAULT 0
  CHECK (direct_debit_enabled IN (0, 1));
ALTER TABLE config ADD COLUMN direct_debit_notice_days INTEGER NOT NULL DEFAULT 14
  CHECK (direct_debit_notice_days BETWEEN 1 AND 60);
ALTER TABLE config ADD COLUMN direct_debit_return_fee_cents INTEGER NOT NULL DEFAULT 0
  CHECK (direct_debit_return_fee_cents BETWEEN 0 AND 10000);
${tables({ int: 'INTEGER', text: 'TEXT', key: 'INTEGER PRIMARY KEY' })}
`;

export const postgres = /* sql */ `
ALTER TABLE config ADD COLUMN direct_debit_enabled integer NOT NULL DEFAULT 0
  CHECK (direct_debit_enabled IN (0, 1));
ALTER TABLE config ADD COLUMN direct_debit_notice_days integer NOT NULL DEFAULT 14
  CHECK (direct_debit_notice_days BETWEEN 1 AND 60);
ALTER TABLE config ADD COLUMN direct_debit_return_fee_cents integer NOT NULL DEFAULT 0
  CHECK (direct_debit_return_fee_cents BETWEEN 0 AND 10000);
ALTER TABLE payments DROP CONSTRAINT payments_pay_method_check;
ALTER TABLE payments ADD CONSTRAINT payments_pay_method_check
  CHECK (pay_method IN ('card', 'bizum', 'direct_debit'));
ALTER TABLE payments DROP CONSTRAINT payments_gateway_check;
ALTER TABLE payments ADD CONSTRAINT payments_gateway_check
  CHECK (gateway IN ('redsys', 'sandbox', 'sepa'));
${tables({ int: 'integer', text: 'text COLLATE "C"', key: 'integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY' })}
`;

const WIDENED: [string, string][] = [
  [
    "CHECK (pay_method IN ('card', 'bizum'))",
    "CHECK (pay_method IN ('card', 'bizum', 'direct_debit'))",
  ],
  ["CHECK (gateway IN ('redsys', 'sandbox'))", "CHECK (gateway IN ('redsys', 'sandbox', 'sepa'))"],
];

/**
 * SQLite cannot change a CHECK in place: the payments table is rebuilt from its own stored
 * definition with the two CHECKs widened (the documented procedure: new table, copy, drop,
 * rename), then its indexes and triggers (the search's) are made again as they were. Rows,
 * ids and every later column stay as they are; the runner turns foreign keys off around it.
 */
export async function widenPaymentChecks(db: Database): Promise<void> {
  const sqlite = db.sqliteHandle;
  if (!sqlite) return;
  const table = sqlite
    .prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'payments'")
    .pluck()
    .get() as string;
  let widened = table.replace(/^CREATE TABLE "?payments"?/, 'CREATE TABLE payments_new');
  for (const [from, to] of WIDENED) {
    if (!widened.includes(from)) throw new Error(`480: payments has no ${from}`);
    widened = widened.replace(from, to);
  }
  const dependants = sqlite
    .prepare(
      "SELECT sql FROM sqlite_master WHERE tbl_name = 'payments' AND type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY type, name",
    )
    .pluck()
    .all() as string[];
  sqlite.exec(widened);
  sqlite.exec('INSERT INTO payments_new SELECT * FROM payments');
  sqlite.exec('DROP TABLE payments');
  sqlite.exec('ALTER TABLE payments_new RENAME TO payments');
  for (const statement of dependants) sqlite.exec(statement);
}
