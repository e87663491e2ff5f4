import { sql } from 'kysely';
import type { Database } from './database.js';

/**
 * The figures of the panel's overview, each one query over an index: payments by status and
 * payment time, unpaid enrolment links by activity (and, for a fee in parts, by how many of its
 * parts are paid: services/admin/summary-service.ts counts and prices the parts still due).
 */
export function createSummaryRepo(db: Database) {
  return {
    /** Net collected (amount less refunds) of paid payments, optionally paid from an instant on. */
    async collected(fromUtc?: string): Promise<{ cents: number; payments: number }> {
      const row = await db
        .q()
        .selectFrom('payments')
        .select((eb) => [
          eb.fn
            .coalesce(eb.fn.sum<number>(sql`amount_cents - refunded_cents`), eb.lit(0))
            .as('cents'),
          eb.fn.countAll<number>().as('payments'),
        ])
        .where('status', '=', 'paid')
        .$if(fromUtc !== undefined, (q) => q.where('paid_at', '>=', fromUtc ?? ''))
        .executeTakeFirstOrThrow();
      return { cents: Number(row.cents), payments: Number(row.payments) };
    },

    /** Paid payments since an instant: when and how much (net), for the chart's days. */
    paidSince: (fromUtc: string) =>
      db
        .q()
        .selectFrom('payments')
        .select(['paid_at', sql<number>`amount_cents - refunded_cents`.as('cents')])
        .where('status', '=', 'paid')
        .where('paid_at', '>=', fromUtc)
        .execute(),

    /** The people and the accounts managing them with anything unpaid. */
    async pending(): Promise<{ people: number; accounts: number }> {
      // people with an unpaid fee, or a family difference still pending (migration 470)
      const owing = () =>
        db
          .q()
          .selectFrom('enrolment_activities')
          .select('enrolment_id')
          .where('is_paid', '=', 0)
          .union(
            db
              .q()
              .selectFrom('family_differences')
              .select('enrolment_id')
              .where('settled_at', 'is', null),
          );
      const row = await db
        .q()
        .selectFrom(owing().as('o'))
        .select((eb) => eb.fn.count<number>('o.enrolment_id').as('people'))
        .executeTakeFirstOrThrow();
      const accounts = await db
        .q()
        .selectFrom('user_persons as up')
        .select((eb) => eb.fn.count<number>('up.user_id').distinct().as('n'))
        .where('up.enrolment_id', 'in', owing())
        .executeTakeFirstOrThrow();
      return {
        people: Number(row.people),
        accounts: Number(accounts.n),
      };
    },

    /**
     * The unpaid enrolment links, counted by activity and by how many parts of its fee are paid
     * (0 but for a fee in parts partly paid): a few rows an activity at most.
     */
    unpaidLinks: () =>
      db
        .q()
        .selectFrom('enrolment_activities as ea')
        .innerJoin('activities as a', 'a.id', 'ea.activity_id')
        .select((eb) => [
          'a.id as activity_id',
          'a.name',
          'a.name_sort_key',
          'a.price_cents',
          'a.parts',
          'ea.parts_paid',
          'a.registration_fee_cents',
          eb.fn.countAll<number>().as('links'),
        ])
        .where('ea.is_paid', '=', 0)
        .groupBy([
          'a.id',
          'a.name',
          'a.name_sort_key',
          'a.price_cents',
          'a.parts',
          'ea.parts_paid',
          'a.registration_fee_cents',
        ])
        .execute(),
  };
}

export type SummaryRepo = ReturnType<typeof createSummaryRepo>;
