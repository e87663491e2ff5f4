import { sql, type SqlBool } from 'kysely';
import type { Database } from '../database.js';
import type { EnrolmentReads, EnrolmentSearchStrategy } from './enrolment-reads.js';
import { inListOrder, type EnrolmentSort } from './name-order.js';
import { containsFolded, pageWithTotal, trigramPhrase } from './query.js';

/** Above this many matches a search reads the sort's index in order rather than sorting them. */
const DENSE_MATCHES = 500;

/**
 * The sort indexes that also hold the search key (migration 150): a search walking one of them
 * in order looks at each row's key in the index itself, never at the table.
 */
const KEYED_SORTS: ReadonlySet<EnrolmentSort> = new Set(['last_name', 'first_name']);

/**
 * SQLite: the trigram full-text index of migration 070 finds and counts the people whose own
 * fields contain a text of three characters or more; a shorter text is looked for in every row.
 */
export function sqliteEnrolmentSearch(
  db: Database,
  reads: EnrolmentReads,
): EnrolmentSearchStrategy {
  /** How many enrolments the trigram index finds for a phrase (one index read). */
  async function countTrigramMatches(phrase: string): Promise<number> {
    const row = await sql<{
      n: number;
    }>`select count(*) as n from enrolments_search where enrolments_search match ${phrase}`.execute(
      db.reads(),
    );
    return Number(row.rows[0]?.n ?? 0);
  }

  return {
    async countAll() {
      const row = await db
        .reads()
        .selectFrom('enrolments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async search(q, request) {
      const phrase = trigramPhrase(q);
      // the index counts the people without reading them, beside the activities' lookup
      const [activityIds, found] = await Promise.all([
        reads.activityIdsOf(q),
        phrase ? countTrigramMatches(phrase) : null,
      ]);
      if (found === 0 && activityIds.length === 0) return { rows: [], total: 0 };
      // With many matches, read the sort's index in order and keep the matching rows (a page
      // needs only a few; `+e.id` keeps the planner off the id index); with few, read the matches
      // and sort them.
      const many = found !== null && (found > DENSE_MATCHES || activityIds.length > 0);
      const id = many ? sql.raw('+e.id') : sql.raw('e.id');
      const matching = (byTrigramIds: boolean) =>
        db
          .reads()
          .selectFrom('enrolments as e')
          .where((eb) =>
            eb.or([
              ...(found === 0
                ? []
                : [
                    byTrigramIds
                      ? sql<SqlBool>`${id} in (select rowid from enrolments_search where enrolments_search match ${phrase})`
                      : containsFolded('e.search_key', q),
                  ]),
              ...(activityIds.length > 0 ? [eb(id, 'in', reads.activityPeople(activityIds))] : []),
            ]),
          );
      const count = async (): Promise<{ n: number | string | bigint }> => {
        // the index's own count is exact when nothing else can match
        if (found !== null && activityIds.length === 0) return { n: found };
        // only an activity's people match: count their links, without reading the people
        if (found === 0) return reads.countActivityPeople(activityIds);
        return matching(phrase !== null)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
      };
      // Walking an index that also holds the search key, the page keeps rows by their key (a
      // dense text's page is then read in a few rows; through the trigram index the set of all
      // its matches would be built first). Elsewhere, by whether the trigram index found their id.
      const keyedWalk = many && KEYED_SORTS.has(request.sort);
      const query = inListOrder(
        matching(phrase !== null && !keyedWalk).selectAll('e'),
        request.sort,
        request.order,
      );
      return pageWithTotal(query, request.page, count);
    },
  };
}
