import type { Database } from '../database.js';
import { enrolmentSortKeys } from './frozen-keys.js';

/**
 * 140: "ñ" sorts as a letter of its own after "n" ("Peña" after "Penas", "Muñoz" after
 * "Muntaner"). The name keys of 130 folded it to "n"; no column changes, only the keys of the
 * people whose names have an "ñ" (`sortFold`).
 */
export const sqlite = '';
export const postgres = '';

/** Rewrites the name keys that differ from what `enrolmentSortKeys` writes now. */
export async function rewriteNameSortKeys(db: Database): Promise<void> {
  const people = await db
    .q()
    .selectFrom('enrolments')
    .select(['id', 'first_name', 'last_name', 'first_name_key', 'last_name_key'])
    .execute();
  for (const person of people) {
    const keys = enrolmentSortKeys(person);
    if (
      keys.first_name_key === person.first_name_key &&
      keys.last_name_key === person.last_name_key
    )
      continue;
    await db.q().updateTable('enrolments').set(keys).where('id', '=', person.id).execute();
  }
}
