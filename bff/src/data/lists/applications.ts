import { sql } from 'kysely';
import { waitlistPosition } from '../applications-repo.js';
import type { Database } from '../database.js';
import type { ApplicationStatus } from '../schema.js';
import {
  containsFolded,
  orderTerm,
  pageWithTotal,
  type ListRequest,
  type ListResult,
} from './query.js';

export type ApplicationSort = 'queue' | 'name' | 'status' | 'created_at';

/** The waitlist's own order (rank after a draw, else arrival), and the others with it as tie. */
const APPLICATION_ORDER: Record<ApplicationSort, string[]> = {
  queue: ['coalesce(a.rank, 0)', 'a.id'],
  name: ['e.last_name_key', 'e.first_name_key', 'a.id'],
  status: ['a.status', 'coalesce(a.rank, 0)', 'a.id'],
  created_at: ['a.created_at', 'a.id'],
};

export interface ApplicationListRow {
  id: number;
  code: string;
  status: ApplicationStatus;
  rank: number | null;
  offer_expires_at: string | null;
  created_at: string;
  enrolment_id: number;
  first_name: string;
  last_name: string;
  dni: string | null;
  birth_date: string | null;
  waitlist_position: number | string | null;
}

/**
 * One activity's applications for staff: searched by code, name or DNI (the person's folded
 * search key), filtered by status, in waitlist order unless sorted otherwise. An activity has at
 * most a few thousand applications, so the search reads them and needs no index of its own.
 */
export function createApplicationsList(db: Database) {
  return {
    page(
      activityId: number,
      request: ListRequest<ApplicationSort>,
      status: ApplicationStatus | null,
    ): Promise<ListResult<ApplicationListRow>> {
      const filtered = db
        .reads()
        .selectFrom('applications as a')
        .innerJoin('enrolments as e', 'e.id', 'a.enrolment_id')
        .where('a.activity_id', '=', activityId)
        .$if(status !== null, (q) => q.where('a.status', '=', status!))
        .$if(request.q !== null, (q) =>
          q.where((eb) =>
            eb.or([
              containsFolded('e.search_key', request.q ?? ''),
              eb(sql`lower(a.code)`, '=', (request.q ?? '').trim().toLowerCase()),
            ]),
          ),
        );
      const query = APPLICATION_ORDER[request.sort].reduce(
        (acc, key) => acc.orderBy(orderTerm(key, request.order)),
        filtered.select([
          'a.id',
          'a.code',
          'a.status',
          'a.rank',
          'a.offer_expires_at',
          'a.created_at',
          'a.enrolment_id',
          'e.first_name',
          'e.last_name',
          'e.dni',
          'e.birth_date',
          waitlistPosition().as('waitlist_position'),
        ]),
      );
      return pageWithTotal(query, request.page, () =>
        filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      );
    },
  };
}
