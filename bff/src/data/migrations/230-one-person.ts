import type { Database } from '../database.js';

/**
 * 230: one person, one record. `identity_name_key` is a person's full name folded to its letters
 * and digits (accents, case, spacing and punctuation aside); with the birth date it is how a
 * person without a DNI is recognised when someone adds them again (index on both).
 * `added_by_resident` marks a record a resident created with "add a person": the mobile on it is
 * that account's, which proves nothing about the DNI it carries, so registration never takes it
 * as the phone on record for a person of 14 or more. Staff's writes make a record the council's.
 */
export const sqlite = /* sql */ `
ALTER TABLE enrolments ADD COLUMN identity_name_key TEXT NOT NULL DEFAULT '';
ALTER TABLE enrolments ADD COLUMN added_by_resident INTEGER NOT NULL DEFAULT 0
  CHECK (added_by_resident IN (0, 1));
CREATE INDEX enrolments_by_identity ON enrolments (birth_date, identity_name_key)
  WHERE birth_date IS NOT NULL;
`;

export const postgres = /* sql */ `
ALTER TABLE enrolments ADD COLUMN identity_name_key text COLLATE "C" NOT NULL DEFAULT '';
ALTER TABLE enrolments ADD COLUMN added_by_resident integer NOT NULL DEFAULT 0
  CHECK (added_by_resident IN (0, 1));
CREATE INDEX enrolments_by_identity ON enrolments (birth_date, identity_name_key)
  WHERE birth_date IS NOT NULL;
`;

/** This migration's own copy of the key (the live one may change; what it wrote here may not). */
const identityNameKey = (first: string, last: string) =>
  `${first}${last}`
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** Every person's key, and the records residents added (their audit entries say which). */
export async function writeIdentityKeys(db: Database): Promise<void> {
  const people = await db
    .q()
    .selectFrom('enrolments')
    .select(['id', 'first_name', 'last_name'])
    .execute();
  for (const person of people) {
    await db
      .q()
      .updateTable('enrolments')
      .set({ identity_name_key: identityNameKey(person.first_name, person.last_name) })
      .where('id', '=', person.id)
      .execute();
  }
  const added = await db
    .q()
    .selectFrom('audit_log')
    .select('entity_id')
    .where('action', '=', 'person_added')
    .where('entity', '=', 'enrolment')
    .execute();
  const ids = added.map((row) => Number(row.entity_id)).filter(Number.isSafeInteger);
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .q()
      .updateTable('enrolments')
      .set({ added_by_resident: 1 })
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
  }
}
