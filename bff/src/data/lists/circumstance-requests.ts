import type { Database } from '../database.js';
import { REQUEST_NAMES, type RequestWithNames } from '../circumstances-repo.js';
import { containsFolded, pageWithTotal, type ListRequest, type ListResult } from './query.js';

/** What staff filter the queue by: the stored states, and approvals read as in force or expired. */
export type RequestFilter = 'pending' | 'approved' | 'refused' | 'expired' | 'withdrawn';

type Request = Pick<ListRequest<string>, 'q' | 'page'>;

/**
 * The list's two queries, the rows in order and the count, as built (not run): the plan test
 * reads their plans.
 */
export function circumstanceRequestsQueries(
  db: Database,
  request: Request,
  status: RequestFilter | null,
  today: string,
) {
  // the person is joined for the count only when searched: every request has one
  const filtered = db
    .reads()
    .selectFrom('circumstance_requests as r')
    // a household request is listed once, by its first row (its people come with it)
    .where((eb) =>
      eb.or([eb('r.household_id', 'is', null), eb('r.household_id', '=', eb.ref('r.id'))]),
    )
    .$if(request.q !== null, (q) =>
      q
        .innerJoin('enrolments as se', 'se.id', 'r.enrolment_id')
        .where(containsFolded('se.search_key', request.q ?? '')),
    )
    .$if(status === 'approved' || status === 'expired', (q) =>
      q
        .where('r.status', '=', 'approved')
        .where('r.valid_until', status === 'approved' ? '>=' : '<', today),
    )
    .$if(status !== null && status !== 'approved' && status !== 'expired', (q) =>
      q.where('r.status', '=', status as 'pending' | 'refused' | 'withdrawn'),
    );
  const withNames = (requests: typeof filtered) =>
    requests
      .innerJoin('enrolments as e', 'e.id', 'r.enrolment_id')
      .innerJoin('circumstances as c', 'c.id', 'r.circumstance_id')
      .leftJoin('circumstance_documents as d', 'd.request_id', 'r.id')
      .selectAll('r')
      .select(REQUEST_NAMES)
      .orderBy('r.created_at')
      .orderBy('r.id');
  const rows = withNames(filtered);
  /**
   * One page: its requests' ids first, from the requests alone in the list's order (the queue's
   * index), then the names of those rows only. Joined before the OFFSET, a deep page (page 150
   * of 2,000 pending) had PostgreSQL join and sort every pending request with the whole
   * enrolments table (a hash join over a scan of it) to keep ten (docs/performance.md).
   */
  const page = (size: number, offset: number) =>
    withNames(
      db
        .reads()
        .selectFrom('circumstance_requests as r')
        .where(
          'r.id',
          'in',
          filtered
            .select('r.id')
            .orderBy('r.created_at')
            .orderBy('r.id')
            .limit(size)
            .offset(offset),
        ),
    );
  const count = filtered.select((eb) => eb.fn.countAll<number>().as('n'));
  return { rows, page, count };
}

/**
 * Staff's review queue and history of circumstance requests, oldest first (the order the queue
 * is worked in), searched by the person's name or DNI (their folded search key). The queue
 * (status pending) is read in its order from the (status, created_at, id) index, the whole
 * history from (created_at, id) (migration 310), so a clerk's page costs a few rows read
 * whatever the history holds.
 */
export function createCircumstanceRequestsList(db: Database) {
  return {
    page(
      request: Request,
      status: RequestFilter | null,
      today: string,
    ): Promise<ListResult<RequestWithNames>> {
      const { rows, page, count } = circumstanceRequestsQueries(db, request, status, today);
      const paged = {
        execute: () => rows.execute(),
        limit: (size: number) => ({ offset: (offset: number) => page(size, offset) }),
      };
      return pageWithTotal(paged, request.page, () => count.executeTakeFirstOrThrow()) as Promise<
        ListResult<RequestWithNames>
      >;
    },
  };
}
