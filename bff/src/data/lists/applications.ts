import { sql } from 'kysely';
import { paymentOpen, waitlistPosition } from '../applications-repo.js';
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
  payment_open: number | string | null;
  /** The activity's parts (JSON) and how many of the person's are paid (null: not enrolled). */
  parts: string;
  parts_paid: number | string | null;
  is_paid: number | string | null;
}

/** What the export adds to an application: who applied and whether the place is paid. */
export interface ApplicationExportRow {
  id: number;
  /** The account that applied: its own person's name (by its DNI), phone and e-mail. */
  guardian_first_name: string | null;
  guardian_last_name: string | null;
  guardian_phone: string | null;
  guardian_email: string | null;
  /** 1 when the person is enrolled in the activity (a place offered or taken). */
  enrolled: number | string;
  is_paid: number | string | null;
  paid_amount_cents: number | string | null;
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
        filtered
          .innerJoin('activities as act', 'act.id', 'a.activity_id')
          .leftJoin('enrolment_activities as ea', (join) =>
            join
              .onRef('ea.enrolment_id', '=', 'a.enrolment_id')
              .onRef('ea.activity_id', '=', 'a.activity_id'),
          )
          .select([
            'act.parts',
            'ea.parts_paid',
            'ea.is_paid',
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
            paymentOpen().as('payment_open'),
          ]),
      );
      return pageWithTotal(query, request.page, () =>
        filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      );
    },

    /** Each application's applicant account and payment, for the export (one statement). */
    exportDetails(activityId: number): Promise<ApplicationExportRow[]> {
      return db
        .reads()
        .selectFrom('applications as a')
        .leftJoin('users as u', 'u.id', 'a.user_id')
        .leftJoin('enrolments as g', 'g.dni', 'u.dni')
        .leftJoin('enrolment_activities as ea', (join) =>
          join
            .onRef('ea.enrolment_id', '=', 'a.enrolment_id')
            .onRef('ea.activity_id', '=', 'a.activity_id'),
        )
        .select([
          'a.id',
          'g.first_name as guardian_first_name',
          'g.last_name as guardian_last_name',
          'u.phone as guardian_phone',
          'u.email as guardian_email',
          sql<number>`CASE WHEN ea.enrolment_id IS NULL THEN 0 ELSE 1 END`.as('enrolled'),
          'ea.is_paid',
          'ea.paid_amount_cents',
        ])
        .where('a.activity_id', '=', activityId)
        .execute();
    },
  };
}
