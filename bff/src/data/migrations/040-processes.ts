import { fold } from './frozen-keys.js';
import type { Database } from '../database.js';

/**
 * 040: what several server processes on one database need. Searching payments by name no longer
 * calls a function registered in one SQLite connection: the folded name is stored beside the name.
 * Background jobs take turns through a lease row each. Lookups by e-mail fold case in an index.
 */
export const sqlite = /* sql */ `
ALTER TABLE payments ADD COLUMN person_key TEXT NOT NULL DEFAULT '';
CREATE INDEX payments_user ON payments (user_id, status);
CREATE INDEX users_email_lower ON users (lower(email));
CREATE TABLE job_leases (
  name TEXT PRIMARY KEY,
  holder TEXT,
  expires_at INTEGER NOT NULL DEFAULT 0,
  last_run_at INTEGER
);
`;

export const postgres = /* sql */ `
ALTER TABLE payments ADD COLUMN person_key text COLLATE "C" NOT NULL DEFAULT '';
CREATE INDEX payments_user ON payments (user_id, status);
CREATE TABLE job_leases (
  name text COLLATE "C" PRIMARY KEY,
  holder text COLLATE "C",
  expires_at bigint NOT NULL DEFAULT 0,
  last_run_at bigint
);
`;

export async function backfillPersonKeys(db: Database): Promise<void> {
  const rows = await db.q().selectFrom('payments').select(['id', 'person_name']).execute();
  for (const row of rows) {
    await db
      .q()
      .updateTable('payments')
      .set({ person_key: fold(row.person_name) })
      .where('id', '=', row.id)
      .execute();
  }
}
