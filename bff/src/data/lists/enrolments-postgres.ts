import { sql } from 'kysely';
import type { Database } from '../database.js';
import type {
  EnrolmentPage,
  EnrolmentReads,
  EnrolmentRow,
  EnrolmentSearchStrategy,
} from './enrolment-reads.js';
import { ENROLMENT_ORDER, inListOrder } from './name-order.js';
import {
  containsFolded,
  offsetOf,
  orderTerm,
  pageWithTotal,
  trigramSearchable,
  type ListResult,
} from './query.js';

/** How many rows, in the asked order, a search looks through for its page first. */
const FIRST_ROWS = 1_000;

/**
 * PostgreSQL: trigram indexes (migration 070) answer "contains" on the people's search key and
 * the activities' names; a text shorter than a trigram is looked for in a name index that holds
 * the key (migration 160). The total of the unsearched list is kept by a trigger (migration 100).
 */
export function postgresEnrolmentSearch(
  db: Database,
  reads: EnrolmentReads,
): EnrolmentSearchStrategy {
  /** How many people contain the text in their own fields (the trigram index). */
  async function countPeopleContaining(q: string): Promise<number> {
    const row = await db
      .reads()
      .selectFrom('enrolments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(containsFolded('search_key', q))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * A page of the people whose own fields contain a text, and how many they are. When the
   * matches are spread through the list (a phone prefix, a common first name), the first rows in
   * the asked order already hold the page: it is read from them, and the matches are only
   * counted. When they are not (a surname such as "Núñez" sorted by surname, or a DNI), reading
   * the sort index until the page fills would read every row on the way; the page then comes
   * from `matchesPage`.
   */
  async function peoplePage(q: string, request: EnrolmentPage): Promise<ListResult<EnrolmentRow>> {
    const { sort, order, page } = request;
    const wanted = offsetOf(page) + page.size;
    if (wanted <= FIRST_ROWS) {
      const firstRows = inListOrder(
        db.reads().selectFrom('enrolments as e').selectAll('e'),
        sort,
        order,
      ).limit(FIRST_ROWS);
      const found = await inListOrder(
        db
          .reads()
          .selectFrom(firstRows.as('e'))
          .selectAll('e')
          .where(containsFolded('e.search_key', q)),
        sort,
        order,
      )
        .limit(wanted)
        .execute();
      if (found.length === wanted) {
        return { rows: found.slice(offsetOf(page)), total: await countPeopleContaining(q) };
      }
    }
    return matchesPage(q, request);
  }

  /**
   * A page of the people whose own fields contain a text and how many they are, in one pass over
   * the trigram index's matches: their ids and sort keys are read once, counted, and the page
   * sorted from them. Its cost follows the number of matches, wherever they sort.
   */
  async function matchesPage(q: string, request: EnrolmentPage): Promise<ListResult<EnrolmentRow>> {
    const { sort, order, page } = request;
    const keys = ENROLMENT_ORDER[sort].map((key, i) => ({
      expression: sql.raw(key.replace(/\?$/, '')),
      name: `k${i}`,
      nullable: key.endsWith('?'),
    }));
    const orderOf = (table: string) =>
      sql.join([
        ...keys.map((k) => orderTerm(`${table}.${k.name}${k.nullable ? '?' : ''}`, order)),
        orderTerm(`${table}.id`, order),
      ]);
    const { rows } = await sql<EnrolmentRow & { total: string | number }>`
      with matches as materialized (
        select e.id, ${sql.join(keys.map((k) => sql`${k.expression} as ${sql.ref(k.name)}`))}
        from enrolments e where ${containsFolded('e.search_key', q)}
      ), shown as (
        select * from matches order by ${orderOf('matches')}
        limit ${page.size} offset ${offsetOf(page)}
      )
      select e.*, (select count(*) from matches) as total
      from shown join enrolments e on e.id = shown.id
      order by ${orderOf('shown')}`.execute(db.reads());
    if (rows.length === 0) {
      // past the last page: no row carries the count
      return page.number === 1
        ? { rows: [], total: 0 }
        : { rows: [], total: await countPeopleContaining(q) };
    }
    return {
      rows: rows.map(({ total: _total, ...row }) => row),
      total: Number(rows[0]?.total ?? 0),
    };
  }

  return {
    async countAll() {
      const row = await db
        .reads()
        .selectFrom('table_rows')
        .select('n')
        .where('table_name', '=', 'enrolments')
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async search(q, request) {
      const indexed = trigramSearchable(q);
      const activityIds = await reads.activityIdsOf(q);
      if (request.page && activityIds.length === 0 && indexed)
        return peoplePage(q, { ...request, page: request.page });
      // With activities matching too, how many people match by their own fields decides whether
      // that half can be left out (an OR of the two makes PostgreSQL read every row). A text too
      // short for a trigram index is looked for in every row whatever is done.
      const found = indexed && activityIds.length > 0 ? await countPeopleContaining(q) : null;
      const filtered = db
        .reads()
        .selectFrom('enrolments as e')
        .where((eb) =>
          eb.or([
            ...(found === 0 ? [] : [containsFolded('e.search_key', q)]),
            ...(activityIds.length > 0
              ? [eb('e.id', 'in', reads.activityPeople(activityIds))]
              : []),
          ]),
        );
      const count = async (): Promise<{ n: number | string | bigint }> => {
        // only an activity's people match: count their links, without reading the people
        if (found === 0) return reads.countActivityPeople(activityIds);
        if (found !== null) {
          // both halves match: count the union of the two indexed sets rather than the OR
          const people = db
            .reads()
            .selectFrom('enrolments')
            .select('id')
            .where(containsFolded('search_key', q));
          const ofActivities = db
            .q()
            .selectFrom('enrolment_activities')
            .select('enrolment_id as id')
            .where('activity_id', 'in', activityIds);
          return db
            .reads()
            .selectFrom(people.union(ofActivities).as('matches'))
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow();
        }
        return filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      };
      if (request.page && found !== 0) {
        // The page's ids first, then only those rows. An index scan can test the key only on a
        // row read from the table; an index-only scan of a name index, which holds the key
        // (migration 160), reads no row it skips ("ma" by surname skips 11,000). When only an
        // activity's people match, the one statement below is cheaper.
        const ids = inListOrder(filtered.select('e.id'), request.sort, request.order)
          .limit(request.page.size)
          .offset(offsetOf(request.page));
        const [pageIds, counted] = await Promise.all([ids.execute(), count()]);
        return { rows: await reads.rowsOf(pageIds.map((row) => row.id)), total: Number(counted.n) };
      }
      const query = inListOrder(filtered.selectAll('e'), request.sort, request.order);
      return pageWithTotal(query, request.page, count);
    },
  };
}
