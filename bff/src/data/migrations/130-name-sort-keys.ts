import type { Database } from '../database.js';
import { enrolmentSortKeys } from './frozen-keys.js';

/**
 * 130: people sorted by name as a Spanish or Galician reader expects. The lists sorted by
 * `lower(last_name)`, and `lower()` folds only ASCII letters on both engines (SQLite has no ICU;
 * our PostgreSQL columns use the "C" collation), so "Álvarez" and "Íñiguez" came after "Zapata".
 * Each person now keeps their names folded (lower case, no accents: data/search-keys.ts), written
 * by the repositories like the search key, and the name sorts read those.
 */
export const sqlite = /* sql */ `
ALTER TABLE enrolments ADD COLUMN last_name_key TEXT NOT NULL DEFAULT '';
ALTER TABLE enrolments ADD COLUMN first_name_key TEXT NOT NULL DEFAULT '';
DROP INDEX enrolments_by_last_name;
DROP INDEX enrolments_by_first_name;
CREATE INDEX enrolments_by_last_name ON enrolments (last_name_key, first_name_key, id);
CREATE INDEX enrolments_by_first_name ON enrolments (first_name_key, last_name_key, id);
`;

export const postgres = /* sql */ `
ALTER TABLE enrolments ADD COLUMN last_name_key text COLLATE "C" NOT NULL DEFAULT '';
ALTER TABLE enrolments ADD COLUMN first_name_key text COLLATE "C" NOT NULL DEFAULT '';
DROP INDEX enrolments_by_last_name;
DROP INDEX enrolments_by_first_name;
CREATE INDEX enrolments_by_last_name ON enrolments (last_name_key, first_name_key, id);
CREATE INDEX enrolments_by_first_name ON enrolments (first_name_key, last_name_key, id);
`;

/** Writes every person's folded names. */
export async function writeNameSortKeys(db: Database): Promise<void> {
  const people = await db
    .q()
    .selectFrom('enrolments')
    .select(['id', 'first_name', 'last_name'])
    .execute();
  for (const person of people) {
    await db
      .q()
      .updateTable('enrolments')
      .set(enrolmentSortKeys(person))
      .where('id', '=', person.id)
      .execute();
  }
}
