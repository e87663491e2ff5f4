import type { Selectable } from 'kysely';
import { compiledStatement, idList, idsIn } from './compiled-query.js';
import type { Database } from './database.js';
import type { FamilyDifferencesTable } from './schema.js';

export type FamilyDifferenceRow = Selectable<FamilyDifferencesTable>;

/** A paid fee with the item that charged it (its breakdown, as charged). */
export interface PaidCharge {
  enrolment_id: number;
  activity_id: number;
  payment_id: number;
  breakdown: string | null;
}

/**
 * The differences a member's payment earned, settled: every paid payment runs it, compiled once
 * (compiled-query.ts), for all the member's activities of the payment at once.
 */
const settleEarnedBy = compiledStatement(
  (db, p: { memberEnrolmentId: number; paidActivityIds: string; now: string }, target) =>
    db
      .updateTable('family_differences')
      .set({ settled_at: p.now })
      .where('member_enrolment_id', '=', p.memberEnrolmentId)
      .where('settled_at', 'is', null)
      .where('activity_id', 'in', (eb) =>
        eb
          .selectFrom('activities as a')
          .innerJoin('activities as paid', 'paid.fee_group', 'a.fee_group')
          .select('a.id')
          .where('paid.id', 'in', idsIn(target, p.paidActivityIds)),
      ),
);

/** Family discounts no longer earned (migration 470): what is pending for a family, and why. */
export function createFamilyDifferencesRepo(db: Database) {
  return {
    /** The items that paid these people's paid fees (whole fees), with their breakdowns. */
    async paidCharges(enrolmentIds: readonly number[]): Promise<PaidCharge[]> {
      if (enrolmentIds.length === 0) return [];
      return db
        .q()
        .selectFrom('enrolment_activities as ea')
        .innerJoin('payment_items as pi', (join) =>
          join
            .onRef('pi.payment_id', '=', 'ea.paid_payment_id')
            .onRef('pi.enrolment_id', '=', 'ea.enrolment_id')
            .onRef('pi.activity_id', '=', 'ea.activity_id'),
        )
        .select(['ea.enrolment_id', 'ea.activity_id', 'pi.payment_id', 'pi.breakdown'])
        .where('ea.enrolment_id', 'in', [...enrolmentIds])
        .where('ea.is_paid', '=', 1)
        .where('pi.refund_id', 'is', null)
        .execute();
    },
    /** Records a difference unless one is open for the same fee and payment. */
    async insert(
      row: Omit<FamilyDifferenceRow, 'id' | 'settled_at' | 'paid_payment_id'>,
    ): Promise<boolean> {
      const result = await db
        .q()
        .insertInto('family_differences')
        .values({ ...row, settled_at: null })
        .onConflict((oc) =>
          oc
            .columns(['enrolment_id', 'activity_id', 'payment_id'])
            .where('settled_at', 'is', null)
            .doNothing(),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },
    /** The open differences of one person, by activity. */
    async openFor(enrolmentId: number): Promise<FamilyDifferenceRow[]> {
      return db
        .q()
        .selectFrom('family_differences')
        .selectAll()
        .where('enrolment_id', '=', enrolmentId)
        .where('settled_at', 'is', null)
        .orderBy('id')
        .execute();
    },
    /**
     * The member who earned them paid a fee of the same fee group again: their open differences
     * of that group are settled.
     */
    async settleEarnedBy(
      memberEnrolmentId: number,
      paidActivityIds: readonly number[],
      now: string,
    ): Promise<number> {
      const result = await settleEarnedBy.run(db, {
        memberEnrolmentId,
        paidActivityIds: idList(paidActivityIds),
        now,
      });
      return Number(result.numAffectedRows ?? 0n);
    },
    /**
     * The differences named to be paid, with their fee's open differences up to each (paid
     * together, as the dashboard shows them summed): whichever is settled or unknown is missing
     * from `open`.
     */
    async toPay(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .q()
        .selectFrom('family_differences as fd')
        .innerJoin('activities as a', 'a.id', 'fd.activity_id')
        .selectAll('fd')
        .select('a.name as activity_name')
        .where('fd.id', 'in', [...ids])
        .orderBy('fd.id')
        .execute();
    },
    /**
     * The fee charged with the discount was itself given back: nothing paid carries the discount
     * any more, so its differences from that payment are no longer pending.
     */
    async voidRefunded(
      item: { payment_id: number; enrolment_id: number; activity_id: number },
      now: string,
    ) {
      await db
        .q()
        .updateTable('family_differences')
        .set({ settled_at: now })
        .where('payment_id', '=', item.payment_id)
        .where('enrolment_id', '=', item.enrolment_id)
        .where('activity_id', '=', item.activity_id)
        .where('settled_at', 'is', null)
        .execute();
    },
    /** A fee's open differences up to this one (what paying it pays), oldest first. */
    async openUpTo(row: Pick<FamilyDifferenceRow, 'id' | 'enrolment_id' | 'activity_id'>) {
      return db
        .q()
        .selectFrom('family_differences')
        .selectAll()
        .where('enrolment_id', '=', row.enrolment_id)
        .where('activity_id', '=', row.activity_id)
        .where('id', '<=', row.id)
        .where('settled_at', 'is', null)
        .orderBy('id')
        .execute();
    },
    /** Whether another account's payment still at the bank is paying any of these differences. */
    async inOtherCheckout(ids: readonly number[], userId: number): Promise<number | undefined> {
      if (ids.length === 0) return undefined;
      const row = await db
        .q()
        .selectFrom('payment_items as pi')
        .innerJoin('payments as p', 'p.id', 'pi.payment_id')
        .select('pi.family_difference_id')
        .where('pi.family_difference_id', 'in', [...ids])
        .where('p.status', '=', 'pending')
        .where('p.user_id', '!=', userId)
        .executeTakeFirst();
      return row?.family_difference_id ?? undefined;
    },
    /**
     * The bank paid an item of differences: the fee's open differences up to the one it names
     * are settled by it. Nothing open (paid meanwhile by another payment): 0.
     */
    async settleByPayment(
      item: {
        payment_id: number;
        enrolment_id: number;
        activity_id: number;
        family_difference_id: number;
      },
      now: string,
    ): Promise<number> {
      const result = await db
        .q()
        .updateTable('family_differences')
        .set({ settled_at: now, paid_payment_id: item.payment_id })
        .where('enrolment_id', '=', item.enrolment_id)
        .where('activity_id', '=', item.activity_id)
        .where('id', '<=', item.family_difference_id)
        .where('settled_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    /**
     * Whether the differences an item pays are still open (none paid by another payment); the
     * row stays locked until the transaction ends (PostgreSQL), so two payments of it apply one
     * after the other and the second finds it settled.
     */
    async stillOpen(item: {
      enrolment_id: number;
      activity_id: number;
      family_difference_id: number;
    }) {
      const row = await db
        .q()
        .selectFrom('family_differences')
        .select('settled_at')
        .where('id', '=', item.family_difference_id)
        .where('enrolment_id', '=', item.enrolment_id)
        .where('activity_id', '=', item.activity_id)
        .$if(db.rowLocks, (q) => q.forUpdate())
        .executeTakeFirst();
      return row !== undefined && row.settled_at === null;
    },
    /** A refund gave back the payment that paid them: they are pending for the family again. */
    async reopenPaidBy(paymentId: number, enrolmentId: number, activityId: number) {
      await db
        .q()
        .updateTable('family_differences')
        .set({ settled_at: null, paid_payment_id: null })
        .where('paid_payment_id', '=', paymentId)
        .where('enrolment_id', '=', enrolmentId)
        .where('activity_id', '=', activityId)
        .execute();
    },
    /**
     * Everyone's open differences by activity (staff's *Pendiente de cobro*): a fee's open
     * differences are one item, paid together.
     */
    async openByActivity() {
      const rows = await db
        .q()
        .selectFrom('family_differences as fd')
        .innerJoin('activities as a', 'a.id', 'fd.activity_id')
        .select((eb) => [
          'fd.activity_id',
          'a.name',
          'a.name_sort_key',
          eb.fn.count<number | string>('fd.enrolment_id').distinct().as('items'),
          eb.fn.sum<number | string>('fd.amount_cents').as('cents'),
        ])
        .where('fd.settled_at', 'is', null)
        .groupBy(['fd.activity_id', 'a.name', 'a.name_sort_key'])
        .execute();
      return rows.map((row) => ({
        activity_id: row.activity_id,
        name: row.name,
        sort_key: row.name_sort_key,
        items: Number(row.items),
        cents: Number(row.cents),
      }));
    },
    /** The member who earned them left: the open differences they caused say so. */
    async memberWithdrawn(memberEnrolmentId: number): Promise<void> {
      await db
        .q()
        .updateTable('family_differences')
        .set({ reason_code: 'member_withdrawn' })
        .where('member_enrolment_id', '=', memberEnrolmentId)
        .where('settled_at', 'is', null)
        .execute();
    },
  };
}

export type FamilyDifferencesRepo = ReturnType<typeof createFamilyDifferencesRepo>;
