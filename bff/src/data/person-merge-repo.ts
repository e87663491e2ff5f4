import type { Database } from './database.js';
import type { EnrolmentRow } from './enrolments-repo.js';
import { enrolmentKeys } from './search-keys.js';

/** What moving one record's belongings onto another did. */
export interface MovedBelongings {
  activities: number;
  payments: number;
  applications: number;
  accounts: number;
  /** Activities both records had paid, whole or in part (the second payment is there to refund). */
  paidTwice: string[];
}

/** Two records as `persons_distinct` names a pair: "lower:higher". */
export const distinctKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** How far a link is paid: the whole fee beats any number of parts of it. */
const paidSoFar = (link: { is_paid: number; parts_paid: number }) =>
  link.is_paid === 1 ? Number.POSITIVE_INFINITY : link.parts_paid;

/**
 * Two records of one person made one: everything that points at a person (activity links,
 * payments and their items, applications, family differences, managing accounts) moved from one record to the
 * other, inside the caller's transaction. The caller decides the rules (which applications stay).
 */
export function createPersonMergeRepo(db: Database) {
  return {
    /** The records, locked until the transaction ends where the engine has row locks (by id order). */
    lockPeople: (ids: readonly number[]): Promise<EnrolmentRow[]> =>
      db
        .q()
        .selectFrom('enrolments')
        .selectAll()
        .where('id', 'in', ids)
        .orderBy('id')
        .$if(db.rowLocks, (q) => q.forUpdate())
        .execute(),

    /**
     * Moves everything of `from` onto `to`; a link both have keeps the one paid furthest (the
     * whole fee, else more parts of a fee in parts), with its payment.
     */
    async moveBelongings(from: number, to: number): Promise<MovedBelongings> {
      const q = db.q();
      const links = await q
        .selectFrom('enrolment_activities as ea')
        .innerJoin('activities as a', 'a.id', 'ea.activity_id')
        .selectAll('ea')
        .select('a.name')
        .where('ea.enrolment_id', 'in', [from, to])
        .execute();
      const kept = new Map(
        links.filter((l) => l.enrolment_id === to).map((l) => [l.activity_id, l]),
      );
      const paidTwice: string[] = [];
      let activities = 0;
      for (const link of links.filter((l) => l.enrolment_id === from)) {
        const theirs = kept.get(link.activity_id);
        if (!theirs) {
          await q
            .updateTable('enrolment_activities')
            .set({ enrolment_id: to })
            .where('enrolment_id', '=', from)
            .where('activity_id', '=', link.activity_id)
            .execute();
          activities++;
          continue;
        }
        if (paidSoFar(link) > 0 && paidSoFar(theirs) > 0) paidTwice.push(link.name);
        if (paidSoFar(link) > paidSoFar(theirs)) {
          await q
            .updateTable('enrolment_activities')
            .set({
              is_paid: link.is_paid,
              paid_at: link.paid_at,
              paid_payment_id: link.paid_payment_id,
              paid_amount_cents: link.paid_amount_cents,
              parts_paid: link.parts_paid,
            })
            .where('enrolment_id', '=', to)
            .where('activity_id', '=', link.activity_id)
            .execute();
        }
        await q
          .deleteFrom('enrolment_activities')
          .where('enrolment_id', '=', from)
          .where('activity_id', '=', link.activity_id)
          .execute();
      }
      const payments = await q
        .updateTable('payments')
        .set({ enrolment_id: to })
        .where('enrolment_id', '=', from)
        .executeTakeFirst();
      await q
        .updateTable('payment_items')
        .set({ enrolment_id: to })
        .where('enrolment_id', '=', from)
        .execute();
      const applications = await q
        .updateTable('applications')
        .set({ enrolment_id: to })
        .where('enrolment_id', '=', from)
        .executeTakeFirst();
      // the family differences the record owes (deleted with it otherwise), and those it earned
      // as a member (no foreign key: left behind, they would name a person no longer there)
      await q
        .updateTable('family_differences')
        .set({ enrolment_id: to })
        .where('enrolment_id', '=', from)
        .execute();
      await q
        .updateTable('family_differences')
        .set({ member_enrolment_id: to })
        .where('member_enrolment_id', '=', from)
        .execute();
      const accounts = await q
        .insertInto('user_persons')
        .columns(['user_id', 'enrolment_id'])
        .expression((eb) =>
          eb
            .selectFrom('user_persons')
            .select((s) => ['user_id', s.val(to).as('enrolment_id')])
            .where('enrolment_id', '=', from),
        )
        .onConflict((oc) => oc.columns(['user_id', 'enrolment_id']).doNothing())
        .executeTakeFirst();
      return {
        activities,
        payments: Number(payments.numUpdatedRows),
        applications: Number(applications.numUpdatedRows),
        accounts: Number(accounts.numInsertedOrUpdatedRows ?? 0n),
        paidTwice,
      };
    },

    /** The merged record goes (its managing links and pending codes with it). */
    async remove(id: number): Promise<void> {
      await db.q().deleteFrom('enrolments').where('id', '=', id).execute();
    },

    /** Applications a merge withdrew, marked so (the public draw page counts them). */
    async markMerged(codes: readonly string[]): Promise<void> {
      if (codes.length === 0) return;
      await db
        .q()
        .updateTable('applications')
        .set({ merged: 1 })
        .where('code', 'in', codes)
        .execute();
    },

    /** How many of an activity's applications merges withdrew. */
    async countMerged(activityId: number): Promise<number> {
      const row = await db
        .q()
        .selectFrom('applications')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
        .where('activity_id', '=', activityId)
        .where('merged', '=', 1)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /**
     * Staff's "different people" for two records (kept lower id first): true when newly marked,
     * false when they already were.
     */
    async markDistinct(ids: [number, number], by: number | null, at: string): Promise<boolean> {
      const [first_id, second_id] = ids[0] < ids[1] ? ids : [ids[1], ids[0]];
      const added = await db
        .q()
        .insertInto('persons_distinct')
        .values({ first_id, second_id, marked_by: by, marked_at: at })
        .onConflict((oc) => oc.columns(['first_id', 'second_id']).doNothing())
        .executeTakeFirst();
      return Number(added.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    /** The pairs among these records staff marked "different people", as "lower:higher" ids. */
    async distinctAmong(ids: readonly number[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .q()
        .selectFrom('persons_distinct')
        .select(['first_id', 'second_id'])
        .where('first_id', 'in', ids)
        .where('second_id', 'in', ids)
        .execute();
      return new Set(rows.map((row) => distinctKey(row.first_id, row.second_id)));
    },

    /** The kept record with the fields it lacked, its keys written again. */
    async complete(
      row: EnrolmentRow,
      fields: Pick<EnrolmentRow, 'dni' | 'email' | 'birth_date' | 'added_by_resident'>,
    ): Promise<void> {
      const next = { ...row, ...fields };
      await db
        .q()
        .updateTable('enrolments')
        .set({ ...fields, ...enrolmentKeys(next), updated_at: new Date().toISOString() })
        .where('id', '=', row.id)
        .execute();
    },
  };
}

export type PersonMergeRepo = ReturnType<typeof createPersonMergeRepo>;
