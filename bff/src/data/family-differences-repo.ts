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
    async insert(row: Omit<FamilyDifferenceRow, 'id' | 'settled_at'>): Promise<boolean> {
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
