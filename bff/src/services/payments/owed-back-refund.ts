import type { GatewayClient } from '../../adapters/payment-gateway/gateway-client.js';
import type { AuditRepo } from '../../data/audit-repo.js';
import type { Database } from '../../data/database.js';
import type { OwedBackRepo } from '../../data/owed-back-repo.js';
import type { PaymentsRepo } from '../../data/payments-repo.js';
import type { RefundsRepo } from '../../data/refunds-repo.js';
import type { Clock } from '../../lib/clock.js';
import type { Actor } from '../admin/audit-trail.js';
import { DomainError, invalid, notFound } from '../errors.js';
import { recordRefundAnswer, requestRefund, throwUnlessRefunded } from './refund-steps.js';

/** What a fee in parts owes back, given back from one payment that paid its parts. */
export interface OwedBackRefundRequest {
  reason: string;
  /** In cents: at most what the fee owes back and what is left of its item in this payment. */
  amountCents: number;
  /** The fee's activity; may be left out when the payment paid one activity only. */
  activity_ids?: number[] | undefined;
  /** A family's payment: the person whose fee it is (may be left out when only one paid it). */
  person_activity_id?: number | undefined;
}

const overRefund = (leftCents: number) =>
  new DomainError('conflict', 'refund_over_refund', {
    params: { left: (Math.max(0, leftCents) / 100).toFixed(2) },
  });

/**
 * A partial refund of what a late reduction left a fee in parts owing back (issue 60 item 4):
 * the parts stay paid (what they charged never changes), the payment's refunded amount grows
 * and the fee owes that much less. The same three steps as every refund (refund-steps.ts): in a
 * transaction the amount is taken off what the fee owes back (one conditional statement, so two
 * clicks or two servers can never give it twice) and the refund recorded as requested; the
 * gateway is asked; then the refund is recorded as done (the fee's refunded back grows) or, when
 * refused, the fee owes it again. With no answer it stays requested, the amount still taken.
 */
export function createOwedBackRefund(deps: {
  db: Database;
  clock: Clock;
  payments: PaymentsRepo;
  refunds: RefundsRepo;
  owedBack: Pick<OwedBackRepo, 'take' | 'putBack' | 'refunded' | 'ofFees'>;
  gateway: GatewayClient;
  audit: AuditRepo;
}) {
  const { db, clock, payments, owedBack, gateway } = deps;

  return {
    async refund(actor: Actor, paymentId: number, request: OwedBackRefundRequest) {
      const amount = request.amountCents;
      const startedAt = clock.now().toISOString();
      const reserved = await db.transaction(async () => {
        const payment = await payments.findById(paymentId, { lock: true });
        if (!payment) throw notFound();
        if (payment.status !== 'paid') throw new DomainError('conflict', 'refund_not_paid');
        const person = request.person_activity_id;
        const items = (await payments.items(payment.id)).filter(
          (i) => i.part_to !== null && (person === undefined || i.enrolment_id === person),
        );
        const wanted = request.activity_ids ?? items.map((i) => i.activity_id);
        if (new Set(wanted).size !== 1)
          throw invalid([
            {
              loc: ['body', 'activity_ids'],
              msg: 'refund_amount_one_activity',
              type: 'amount_one_activity',
            },
          ]);
        const matching = items.filter((i) => i.activity_id === wanted[0]);
        // a family's payment may hold the activity's fee of two people: the person says whose
        if (matching.length > 1)
          throw invalid([
            {
              loc: ['body', 'person_activity_id'],
              msg: 'refund_amount_one_activity',
              type: 'amount_one_activity',
            },
          ]);
        const item = matching[0];
        if (!item)
          throw invalid([
            {
              loc: ['body', 'activity_ids', 0],
              msg: 'refund_activity_not_in_payment',
              type: 'activity_not_in_payment',
            },
          ]);
        const fee = { enrolment_id: item.enrolment_id, activity_id: item.activity_id };
        const owed = (await owedBack.ofFees([fee])).get(`${fee.enrolment_id}:${fee.activity_id}`);
        const left = Math.min(
          owed ?? 0,
          item.refund_id === null ? item.amount_cents : 0,
          payment.amount_cents - payment.refunded_cents,
        );
        if (amount <= 0 || amount > left || !(await owedBack.take(fee, amount)))
          throw overRefund(left);
        const refundId = await requestRefund(deps, actor, {
          payment,
          amountCents: amount,
          reason: request.reason,
          activityIds: [item.activity_id],
          owedBack: true,
          at: startedAt,
        });
        return { refundId, order: payment.order_code, fee };
      });

      const answer = await gateway.refund({ order: reserved.order, amountCents: amount });

      const finishedAt = clock.now().toISOString();
      await db.transaction(async () => {
        const payment = (await payments.findById(paymentId, { lock: true }))!;
        if (answer.outcome === 'refunded') {
          await payments.addRefunded(payment.id, amount, finishedAt);
          await owedBack.refunded(reserved.fee, amount);
        } else if (answer.outcome === 'refused') {
          await owedBack.putBack(reserved.fee, amount);
        }
        await recordRefundAnswer(
          deps,
          actor,
          { payment, refundId: reserved.refundId, amountCents: amount, owedBack: true },
          answer,
          finishedAt,
        );
      });
      throwUnlessRefunded(answer);
      return { refundId: reserved.refundId };
    },
  };
}

export type OwedBackRefund = ReturnType<typeof createOwedBackRefund>;
