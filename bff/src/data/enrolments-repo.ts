import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from './database.js';
import {
  containsFolded,
  offsetOf,
  orderTerm,
  pageWithTotal,
  trigramPhrase,
  trigramSearchable,
  type ListRequest,
  type ListResult,
  type SortOrder,
} from './list-query.js';
import { enrolmentKeys } from './search-keys.js';
import type { Selectable } from 'kysely';
import type { EnrolmentsTable } from './schema.js';

export type EnrolmentRow = Selectable<EnrolmentsTable>;

export type EnrolmentFields = Pick<
  EnrolmentRow,
  'first_name' | 'last_name' | 'dni' | 'email' | 'phone'
>;

export interface EnrolmentLink {
  enrolment_id: number;
  activity_id: number;
  name: string;
  is_paid: number;
}

export type EnrolmentSort = 'last_name' | 'first_name' | 'dni' | 'email' | 'phone';

/** The columns each sort reads, each backed by an index (migrations 070 and 130), then the id. */
const ENROLMENT_ORDER: Record<EnrolmentSort, string[]> = {
  last_name: ['e.last_name_key', 'e.first_name_key'],
  first_name: ['e.first_name_key', 'e.last_name_key'],
  dni: ['e.dni'],
  email: ['lower(e.email)?'],
  phone: ['e.phone'],
};

/**
 * SQLite's sort indexes that also hold the search key (migration 150): a search walking one of
 * them in order looks at each row's key in the index itself, never at the table.
 */
const KEYED_SORTS: ReadonlySet<EnrolmentSort> = new Set(['last_name', 'first_name']);

/** A query of the enrolments (as `e`) in the list's order: the sort's columns, then the id. */
function inListOrder<Q extends { orderBy(term: RawBuilder<unknown>): Q }>(
  query: Q,
  sort: EnrolmentSort,
  order: SortOrder,
): Q {
  return [...ENROLMENT_ORDER[sort], 'e.id'].reduce(
    (acc, key) => acc.orderBy(orderTerm(key, order)),
    query,
  );
}

/**
 * People (the enrolments as `e`) in the lists' order by name: surname, first name, then id. Every
 * list of people uses it (the staff list, a resident's people, the export, the reminders), so
 * they all sort alike.
 */
export function inNameOrder<Q extends { orderBy(term: RawBuilder<unknown>): Q }>(query: Q): Q {
  return inListOrder(query, 'last_name', 'asc');
}

/** Above this many matches a search reads the sort's index in order rather than sorting them. */
const DENSE_MATCHES = 500;

/** How many rows, in the asked order, PostgreSQL looks through for a search's page first. */
const FIRST_ROWS = 1_000;

/** People enrolled in activities (the spec's "person-activity") and their activity links. */
export function createEnrolmentsRepo(db: Database) {
  const links = (executor = db.q()) =>
    executor
      .selectFrom('enrolment_activities as ea')
      .innerJoin('activities as a', 'a.id', 'ea.activity_id')
      .select(['ea.enrolment_id', 'a.id as activity_id', 'a.name', 'ea.is_paid'])
      .orderBy('a.name_sort_key')
      .orderBy(sql`coalesce(a.start_date, '')`)
      .orderBy('a.id');
  /** How many enrolments SQLite's trigram index finds for a phrase (one index read). */
  async function countTrigramMatches(phrase: string): Promise<number> {
    const row = await sql<{
      n: number;
    }>`select count(*) as n from enrolments_search where enrolments_search match ${phrase}`.execute(
      db.reads(),
    );
    return Number(row.rows[0]?.n ?? 0);
  }
  /**
   * A page of the unsearched list: its ids from the sort's index (PostgreSQL reads them without
   * touching the table, migration 090), then only those rows; the total from PostgreSQL's
   * trigger-kept count, or SQLite's count of its smallest index.
   */
  async function plainPage(
    sort: EnrolmentSort,
    order: SortOrder,
    page: { number: number; size: number },
  ): Promise<ListResult<EnrolmentRow>> {
    const ids = inListOrder(db.reads().selectFrom('enrolments as e').select('e.id'), sort, order);
    const [pageRows, counted] = await Promise.all([
      ids.limit(page.size).offset(offsetOf(page)).execute(),
      db.engine === 'postgres'
        ? db
            .reads()
            .selectFrom('table_rows')
            .select('n')
            .where('table_name', '=', 'enrolments')
            .executeTakeFirst()
        : db
            .reads()
            .selectFrom('enrolments')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirst(),
    ]);
    return { rows: await rowsOf(pageRows.map((row) => row.id)), total: Number(counted?.n ?? 0) };
  }

  /** The enrolments of these ids, in the ids' order. */
  async function rowsOf(ids: readonly number[]): Promise<EnrolmentRow[]> {
    if (ids.length === 0) return [];
    const rows = await db.q().selectFrom('enrolments').selectAll().where('id', 'in', ids).execute();
    const position = new Map(ids.map((id, i) => [id, i]));
    return rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  }

  /** How many people contain the text in their own fields (PostgreSQL's trigram index). */
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
   * PostgreSQL, a page of the people whose own fields contain a text, and how many they are. When
   * the matches are spread through the list (a phone prefix, a common first name), the first
   * rows in the asked order already hold the page: it is read from them, and the matches are
   * only counted. When they are not (a surname such as "Núñez" sorted by surname: 60,000 rows
   * sort before the first, or a DNI), reading the sort index until the page fills would read
   * every row on the way; the page then comes from `matchesPage`.
   */
  async function searchPage(
    q: string,
    sort: EnrolmentSort,
    order: SortOrder,
    page: { number: number; size: number },
  ): Promise<ListResult<EnrolmentRow>> {
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
    return matchesPage(q, sort, order, page);
  }

  /**
   * PostgreSQL, a page of the people whose own fields contain a text and how many they are, in
   * one pass over the trigram index's matches: their ids and sort keys are read once, counted,
   * and the page sorted from them. Its cost follows the number of matches, wherever they sort.
   */
  async function matchesPage(
    q: string,
    sort: EnrolmentSort,
    order: SortOrder,
    page: { number: number; size: number },
  ): Promise<ListResult<EnrolmentRow>> {
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
    const contains = containsFolded('e.search_key', q);
    const { rows } = await sql<EnrolmentRow & { total: string | number }>`
      with matches as materialized (
        select e.id, ${sql.join(keys.map((k) => sql`${k.expression} as ${sql.ref(k.name)}`))}
        from enrolments e where ${contains}
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
    list: (): Promise<EnrolmentRow[]> =>
      inNameOrder(db.reads().selectFrom('enrolments as e').selectAll('e')).execute(),
    allLinks: (): Promise<EnrolmentLink[]> => links(db.reads()).execute(),
    linksOfMany: (ids: readonly number[]): Promise<EnrolmentLink[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : links().where('ea.enrolment_id', 'in', ids).execute(),
    /**
     * A page (or all) of the enrolments matching a search over the person's fields and their
     * activities' names, in the asked order, and how many match.
     */
    async search(request: ListRequest<EnrolmentSort>): Promise<ListResult<EnrolmentRow>> {
      const q = request.q;
      if (q === null && request.page) return plainPage(request.sort, request.order, request.page);
      // SQLite: the trigram index of migration 070 finds the people; PostgreSQL: its trigram index
      const phrase = q && db.engine === 'sqlite' ? trigramPhrase(q) : null;
      const activityIdsOf = async (text: string) =>
        (
          await db
            .reads()
            .selectFrom('activities')
            .select('id')
            .where(containsFolded('search_key', text))
            .execute()
        ).map((row) => row.id);
      // How many people match by their own fields. SQLite's trigram index counts them without
      // reading them (beside the activities' lookup); PostgreSQL's is asked only when activities
      // match too, to know whether the people half of the search can be left out (an OR of the
      // two makes it read every row). A text too short for a trigram index is looked for in
      // every row whatever is done, so it is not counted apart first.
      const indexed = q !== null && trigramSearchable(q);
      const [activityIds, trigramMatches] = await Promise.all([
        q ? activityIdsOf(q) : [],
        phrase ? countTrigramMatches(phrase) : null,
      ]);
      const found =
        trigramMatches ??
        (q && indexed && activityIds.length > 0 && db.engine === 'postgres'
          ? await countPeopleContaining(q)
          : null);
      if (found === 0 && activityIds.length === 0) return { rows: [], total: 0 };
      if (db.engine === 'postgres' && q && request.page && activityIds.length === 0 && indexed)
        return searchPage(q, request.sort, request.order, request.page);
      // SQLite, with many matches: read the sort's index in order and keep the matching rows (a
      // page needs only a few); with few, read the matches and sort them
      const many =
        db.engine === 'sqlite' &&
        found !== null &&
        (found > DENSE_MATCHES || activityIds.length > 0);
      const id = many ? sql.raw('+e.id') : sql.raw('e.id');
      const activityPeople = () =>
        db
          .q()
          .selectFrom('enrolment_activities as ea')
          .select('ea.enrolment_id')
          .where('ea.activity_id', 'in', activityIds);
      const matching = (byTrigramIds: boolean) =>
        db
          .reads()
          .selectFrom('enrolments as e')
          .$if(q !== null, (query) =>
            query.where((eb) =>
              eb.or([
                ...(found === 0
                  ? []
                  : [
                      byTrigramIds
                        ? sql<SqlBool>`${id} in (select rowid from enrolments_search where enrolments_search match ${phrase})`
                        : containsFolded('e.search_key', q ?? ''),
                    ]),
                ...(activityIds.length > 0 ? [eb(id, 'in', activityPeople())] : []),
              ]),
            ),
          );
      const filtered = matching(phrase !== null);
      const count = async (): Promise<{ n: number | string | bigint }> => {
        // the index's own count is exact when nothing else can match
        if (found !== null && activityIds.length === 0) return { n: found };
        // only an activity's people match: count their links, without reading the people
        if (found === 0) {
          return db
            .reads()
            .selectFrom('enrolment_activities')
            .select((eb) => eb.fn.count<number>('enrolment_id').distinct().as('n'))
            .where('activity_id', 'in', activityIds)
            .executeTakeFirstOrThrow();
        }
        if (db.engine === 'postgres' && q !== null && indexed && activityIds.length > 0) {
          // both halves match: count the union of the two indexed sets rather than the OR
          const people = db
            .reads()
            .selectFrom('enrolments')
            .select('id')
            .where(containsFolded('search_key', q));
          return db
            .reads()
            .selectFrom(
              people
                .union(
                  db
                    .q()
                    .selectFrom('enrolment_activities')
                    .select('enrolment_id as id')
                    .where('activity_id', 'in', activityIds),
                )
                .as('matches'),
            )
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow();
        }
        return filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      };
      if (db.engine === 'postgres' && request.page && found !== 0) {
        // PostgreSQL, a search on the people's key: the page's ids first, then only those rows.
        // Its index scan can test the key only on a row read from the table; an index-only scan
        // of a name index, which holds the key (migration 160), reads no row it skips ("ma" by
        // surname skips 11,000). When only an activity's people match, the one statement is
        // cheaper (12% more calls a second for "judo", measured)
        const ids = inListOrder(filtered.select('e.id'), request.sort, request.order)
          .limit(request.page.size)
          .offset(offsetOf(request.page));
        const [pageIds, counted] = await Promise.all([ids.execute(), count()]);
        return { rows: await rowsOf(pageIds.map((row) => row.id)), total: Number(counted.n) };
      }
      // Walking an index that also holds the search key, the page keeps rows by their key (a
      // dense text's page is then read in a few rows; through the trigram index the set of all its
      // matches was built first: 17 ms for 100,000). Elsewhere, and for a count, by whether the
      // trigram index found their id.
      const keyedWalk = many && KEYED_SORTS.has(request.sort);
      const query = inListOrder(
        matching(phrase !== null && !keyedWalk).selectAll('e'),
        request.sort,
        request.order,
      );
      return pageWithTotal(query, request.page, count);
    },
    linksOf: (id: number): Promise<EnrolmentLink[]> =>
      links().where('ea.enrolment_id', '=', id).execute(),
    findById: (id: number): Promise<EnrolmentRow | undefined> =>
      db.q().selectFrom('enrolments').selectAll().where('id', '=', id).executeTakeFirst(),
    findByDni: (dni: string): Promise<EnrolmentRow | undefined> =>
      db.q().selectFrom('enrolments').selectAll().where('dni', '=', dni).executeTakeFirst(),
    async insert(fields: EnrolmentFields): Promise<number> {
      const row = await db
        .q()
        .insertInto('enrolments')
        .values({ ...fields, ...enrolmentKeys(fields) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async update(id: number, fields: EnrolmentFields): Promise<boolean> {
      const result = await db
        .q()
        .updateTable('enrolments')
        .set({
          ...fields,
          ...enrolmentKeys(fields),
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    /** True when the link is new. */
    async addLink(enrolmentId: number, activityId: number): Promise<boolean> {
      const result = await db
        .q()
        .insertInto('enrolment_activities')
        .values({ enrolment_id: enrolmentId, activity_id: activityId })
        .onConflict((oc) => oc.columns(['enrolment_id', 'activity_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },
    /** Marks an unpaid link as paid outside the card flow (e.g. paid at the desk, from an import). */
    async markPaid(
      enrolmentId: number,
      activityId: number,
      paidAt: string,
      amountCents: number,
    ): Promise<boolean> {
      const result = await db
        .q()
        .updateTable('enrolment_activities')
        .set({ is_paid: 1, paid_at: paidAt, paid_amount_cents: amountCents })
        .where('enrolment_id', '=', enrolmentId)
        .where('activity_id', '=', activityId)
        .where('is_paid', '=', 0)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async removeUnpaidLink(enrolmentId: number, activityId: number): Promise<boolean> {
      const result = await db
        .q()
        .deleteFrom('enrolment_activities')
        .where('enrolment_id', '=', enrolmentId)
        .where('activity_id', '=', activityId)
        .where('is_paid', '=', 0)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
    async countPaid(id: number): Promise<number> {
      const row = await db
        .q()
        .selectFrom('enrolment_activities')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('enrolment_id', '=', id)
        .where('is_paid', '=', 1)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async delete(id: number): Promise<boolean> {
      const result = await db.q().deleteFrom('enrolments').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type EnrolmentsRepo = ReturnType<typeof createEnrolmentsRepo>;
