import unhomoglyph from 'unhomoglyph';
import type { Database } from '../database.js';

/**
 * 420: one identity key for a person (issue 59). `identity_name_key` is written again for every
 * record with look-alike letters folded (compatibility forms, Unicode's confusables: the live
 * key is lib/identity-fold.ts). `persons_distinct` holds the pairs staff marked "different
 * people" in the likely duplicates (lower id first; gone with either record), so a draw no longer
 * waits for them. `applications.merged` marks an application withdrawn because staff merged its
 * person into another (the public draw page counts them); earlier merges are read back from
 * their audit entries.
 */
export const sqlite = /* sql */ `
CREATE TABLE persons_distinct (
  first_id INTEGER NOT NULL REFERENCES enrolments (id) ON DELETE CASCADE,
  second_id INTEGER NOT NULL REFERENCES enrolments (id) ON DELETE CASCADE,
  marked_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  marked_at TEXT NOT NULL,
  PRIMARY KEY (first_id, second_id),
  CHECK (first_id < second_id)
);
CREATE INDEX persons_distinct_by_second ON persons_distinct (second_id);
ALTER TABLE applications ADD COLUMN merged INTEGER NOT NULL DEFAULT 0 CHECK (merged IN (0, 1));
`;

export const postgres = /* sql */ `
CREATE TABLE persons_distinct (
  first_id integer NOT NULL REFERENCES enrolments (id) ON DELETE CASCADE,
  second_id integer NOT NULL REFERENCES enrolments (id) ON DELETE CASCADE,
  marked_by integer REFERENCES users (id) ON DELETE SET NULL,
  marked_at text COLLATE "C" NOT NULL,
  PRIMARY KEY (first_id, second_id),
  CHECK (first_id < second_id)
);
CREATE INDEX persons_distinct_by_second ON persons_distinct (second_id);
ALTER TABLE applications ADD COLUMN merged integer NOT NULL DEFAULT 0 CHECK (merged IN (0, 1));
`;

/** This migration's own copy of the key (the live one may change; what it wrote here may not). */
const withoutMarks = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');
const identityNameKey = (first: string, last: string) =>
  withoutMarks(unhomoglyph(withoutMarks(`${first}${last}`.normalize('NFKC').toLowerCase())))
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** Every person's key written again; applications earlier merges withdrew, marked. */
export async function writeSkeletonKeys(db: Database): Promise<void> {
  const people = await db
    .q()
    .selectFrom('enrolments')
    .select(['id', 'first_name', 'last_name', 'identity_name_key'])
    .execute();
  for (const person of people) {
    const key = identityNameKey(person.first_name, person.last_name);
    if (key === person.identity_name_key) continue;
    await db
      .q()
      .updateTable('enrolments')
      .set({ identity_name_key: key })
      .where('id', '=', person.id)
      .execute();
  }
  const merges = await db
    .q()
    .selectFrom('audit_log')
    .select('details')
    .where('action', '=', 'person.merge')
    .execute();
  const codes = merges.flatMap((row) => withdrawnCodes(row.details));
  for (let i = 0; i < codes.length; i += 500) {
    await db
      .q()
      .updateTable('applications')
      .set({ merged: 1 })
      .where('code', 'in', codes.slice(i, i + 500))
      .execute();
  }
}

/** The codes a merge's audit entry says it withdrew (none when the entry cannot be read). */
function withdrawnCodes(details: string | null): string[] {
  try {
    const parsed = JSON.parse(details ?? 'null') as { withdrawn?: unknown } | null;
    const list = parsed?.withdrawn;
    return Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}
