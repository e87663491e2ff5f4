import { groupBy } from '../lib/group-by.js';
import type { Database } from './database.js';
import type { PaymentRefundsTable, RefundStatus } from './schema.js';
import type { Selectable } from 'kysely';

export type RefundRow = Selectable<PaymentRefundsTable>;

/** Refunds of payments, and the payment items each one gives back. */
export function createRefundsRepo(db: Database) {
  return {
    async insert(refund: {
      payment_id: number;
      amount_cents: number;
      reason: string;
      actor_user_id: number;
      actor_dni: string;
      created_at: string;
    }): Promise<number> {
      const row = await db
        .q()
        .insertInto('payment_refunds')
        .values({
          ...refund,
          actor_dni: `****${refund.actor_dni.slice(-5)}`,
          status: 'requested',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** Reserves these items of the payment for the refund; how many were still free. */
    async reserveItems(
      paymentId: number,
      activityIds: number[],
      refundId: number,
      enrolmentId?: number,
    ): Promise<number> {
      const result = await db
        .q()
        .updateTable('payment_items')
        .set({ refund_id: refundId })
        .where('payment_id', '=', paymentId)
        .where('activity_id', 'in', activityIds)
        .$if(enrolmentId !== undefined, (q) => q.where('enrolment_id', '=', enrolmentId!))
        .where('refund_id', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async releaseItems(refundId: number): Promise<void> {
      await db
        .q()
        .updateTable('payment_items')
        .set({ refund_id: null })
        .where('refund_id', '=', refundId)
        .execute();
    },
    async finish(
      id: number,
      status: Exclude<RefundStatus, 'requested'>,
      gateway: { code: string; answer: string },
      now: string,
    ): Promise<void> {
      await db
        .q()
        .updateTable('payment_refunds')
        .set({
          status,
          gateway_code: gateway.code.slice(0, 32),
          gateway_answer: gateway.answer.slice(0, 4000),
          completed_at: now,
        })
        .where('id', '=', id)
        .where('status', '=', 'requested')
        .execute();
    },
    /** Refund history of these payments, oldest first, by payment id. */
    async ofPayments(paymentIds: number[]): Promise<Map<number, RefundRow[]>> {
      if (paymentIds.length === 0) return new Map();
      const rows = await db
        .q()
        .selectFrom('payment_refunds')
        .selectAll()
        .where('payment_id', 'in', paymentIds)
        .orderBy('payment_id')
        .orderBy('id')
        .execute();
      return groupBy(rows, (row) => row.payment_id);
    },
  };
}

export type RefundsRepo = ReturnType<typeof createRefundsRepo>;
