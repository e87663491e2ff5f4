import type { Selectable } from 'kysely';
import type { Database } from '../database.js';
import type { EnrolmentsTable } from '../schema.js';
import { inListOrder, type EnrolmentSort } from './name-order.js';
import { containsFolded, offsetOf, type ListResult, type SortOrder } from './query.js';

export type EnrolmentRow = Selectable<EnrolmentsTable>;

export interface EnrolmentPage {
  sort: EnrolmentSort;
  order: SortOrder;
  page: { number: number; size: number };
}

/** The reads both engines' searches are made of. */
export function enrolmentReads(db: Database) {
  /** The enrolments of these ids, in the ids' order. */
  async function rowsOf(ids: readonly number[]): Promise<EnrolmentRow[]> {
    if (ids.length === 0) return [];
    const rows = await db.q().selectFrom('enrolments').selectAll().where('id', 'in', ids).execute();
    const position = new Map(ids.map((id, i) => [id, i]));
    return rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  }

  return {
    rowsOf,
    /** The activities whose names contain the text: their people match the search too. */
    async activityIdsOf(text: string): Promise<number[]> {
      const rows = await db
        .reads()
        .selectFrom('activities')
        .select('id')
        .where(containsFolded('search_key', text))
        .execute();
      return rows.map((row) => row.id);
    },
    /** The people of these activities (a subquery), for "matches by an activity's name". */
    activityPeople: (activityIds: readonly number[]) =>
      db
        .q()
        .selectFrom('enrolment_activities as ea')
        .select('ea.enrolment_id')
        .where('ea.activity_id', 'in', activityIds),
    /** How many people are in these activities, counted from their links alone. */
    async countActivityPeople(activityIds: readonly number[]): Promise<{ n: number }> {
      const row = await db
        .reads()
        .selectFrom('enrolment_activities')
        .select((eb) => eb.fn.count<number>('enrolment_id').distinct().as('n'))
        .where('activity_id', 'in', activityIds)
        .executeTakeFirstOrThrow();
      return { n: Number(row.n) };
    },
    /**
     * A page of the unsearched list: its ids from the sort's index (PostgreSQL reads them without
     * touching the table, migration 090), then only those rows, with the total the engine knows
     * cheapest.
     */
    async plainPage(request: EnrolmentPage, total: () => Promise<number>) {
      const { sort, order, page } = request;
      const ids = inListOrder(db.reads().selectFrom('enrolments as e').select('e.id'), sort, order);
      const [pageRows, counted] = await Promise.all([
        ids.limit(page.size).offset(offsetOf(page)).execute(),
        total(),
      ]);
      return { rows: await rowsOf(pageRows.map((row) => row.id)), total: counted };
    },
  };
}

export type EnrolmentReads = ReturnType<typeof enrolmentReads>;

/** One engine's way of answering the enrolments list. */
export interface EnrolmentSearchStrategy {
  /** How many people there are in all (the unsearched list's total). */
  countAll(): Promise<number>;
  /** A page (or, page null, all) of the people matching a text, in order, and how many match. */
  search(
    q: string,
    request: Omit<EnrolmentPage, 'page'> & { page: EnrolmentPage['page'] | null },
  ): Promise<ListResult<EnrolmentRow>>;
}
