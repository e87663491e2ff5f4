import { isDeepStrictEqual } from 'node:util';
import { CompiledQuery, sql, type Compilable } from 'kysely';
import type { Database } from './database.js';
import { enrolmentKeys } from './search-keys.js';
import type { EnrolmentFields, EnrolmentRow } from './enrolments-repo.js';

/**
 * Rows per statement for the import's bulk work. Well under both engines' limits on bound
 * parameters (SQLite 32,766, PostgreSQL 65,535) with six columns a row.
 */
const CHUNK = 1000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * One statement a chunk of rows. Kysely builds and compiles it for the first chunk of each size;
 * the other chunks of that size run the same text with their own values, bound in the order of
 * each row's keys (checked against Kysely's order the first time): building the syntax tree of
 * a thousand-row INSERT took about a quarter of the time SQLite took to run it.
 */
function chunkedStatement<T, V extends object, R>(
  db: Database,
  build: (rows: V[]) => Compilable<R>,
  rowOf: (item: T) => V,
): (part: readonly T[]) => Promise<R[]> {
  const texts = new Map<number, string>();
  return async (part) => {
    const rows = part.map(rowOf);
    const values = rows.flatMap((row) => Object.values(row));
    let text = texts.get(rows.length);
    if (text === undefined) {
      const compiled = build(rows).compile();
      if (!isDeepStrictEqual(compiled.parameters, values))
        throw new Error('the statement binds its values in another order than the rows list them');
      text = compiled.sql;
      texts.set(rows.length, text);
    }
    const query: CompiledQuery<R> = CompiledQuery.raw(text, values);
    return (await db.q().executeQuery(query)).rows;
  };
}

/**
 * The enrolment import's work as a few statements per thousand rows instead of several per row:
 * 100,000 rows cost about 300 statements, which matters most where each statement is a round
 * trip to a database server.
 */
export function createBulkEnrolmentsRepo(db: Database) {
  const insertPeople = chunkedStatement(
    db,
    (rows) => db.q().insertInto('enrolments').values(rows).returning(['id', 'dni']),
    (person: EnrolmentFields & { birth_date: string | null }) => ({
      first_name: person.first_name,
      last_name: person.last_name,
      dni: person.dni,
      email: person.email,
      phone: person.phone,
      birth_date: person.birth_date,
      ...enrolmentKeys(person),
    }),
  );
  const insertLinks = chunkedStatement(
    db,
    (rows) =>
      db
        .q()
        .insertInto('enrolment_activities')
        .values(rows)
        .onConflict((oc) => oc.columns(['enrolment_id', 'activity_id']).doNothing())
        .returning('enrolment_id'),
    (link: { enrolment_id: number; activity_id: number }) => ({
      enrolment_id: link.enrolment_id,
      activity_id: link.activity_id,
    }),
  );
  return {
    async findByDnis(dnis: readonly string[]): Promise<Map<string, EnrolmentRow>> {
      const out = new Map<string, EnrolmentRow>();
      for (const part of chunks(dnis)) {
        const rows = await db
          .q()
          .selectFrom('enrolments')
          .selectAll()
          .where('dni', 'in', part)
          .execute();
        for (const row of rows) if (row.dni) out.set(row.dni, row);
      }
      return out;
    },
    /** Inserts new people; their ids by DNI. */
    async insertMany(
      people: readonly (EnrolmentFields & { birth_date: string | null })[],
    ): Promise<Map<string, number>> {
      const out = new Map<string, number>();
      for (const part of chunks(people)) {
        for (const row of await insertPeople(part)) if (row.dni) out.set(row.dni, row.id);
      }
      return out;
    },
    /** Adds the links that do not exist yet; returns the enrolment ids that got a new one. */
    async addLinks(
      links: readonly { enrolment_id: number; activity_id: number }[],
    ): Promise<Set<number>> {
      const changed = new Set<number>();
      for (const part of chunks(links)) {
        for (const row of await insertLinks(part)) changed.add(row.enrolment_id);
      }
      return changed;
    },
    /**
     * Sets these people's birth dates (a file's birth-date column), one statement per 500 people;
     * the ones changed.
     */
    async setBirthDates(
      people: readonly { id: number; birth_date: string }[],
    ): Promise<{ id: number }[]> {
      const changed: { id: number }[] = [];
      const now = new Date().toISOString();
      for (let i = 0; i < people.length; i += 500) {
        const part = people.slice(i, i + 500);
        const cases = sql.join(
          part.map((person) => sql`WHEN ${person.id} THEN ${person.birth_date}`),
          sql` `,
        );
        const rows = await db
          .q()
          .updateTable('enrolments')
          .set({ birth_date: sql<string>`CASE id ${cases} END`, updated_at: now })
          .where(
            'id',
            'in',
            part.map((person) => person.id),
          )
          .returning('id')
          .execute();
        changed.push(...rows);
      }
      return changed;
    },
    /**
     * Marks these people's unpaid links to one activity paid outside the card flow (at the desk);
     * returns the enrolment ids whose link changed.
     */
    async markPaid(
      activityId: number,
      enrolmentIds: readonly number[],
      paidAt: string,
      amountCents: number,
    ): Promise<Set<number>> {
      const changed = new Set<number>();
      for (const part of chunks(enrolmentIds)) {
        const rows = await db
          .q()
          .updateTable('enrolment_activities')
          .set({ is_paid: 1, paid_at: paidAt, paid_amount_cents: amountCents })
          .where('activity_id', '=', activityId)
          .where('enrolment_id', 'in', part)
          .where('is_paid', '=', 0)
          .returning('enrolment_id')
          .execute();
        for (const row of rows) changed.add(row.enrolment_id);
      }
      return changed;
    },
  };
}
