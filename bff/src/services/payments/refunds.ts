import type { GatewayClient } from '../../adapters/payment-gateway/gateway-client.js';
import type { AuditRepo } from '../../data/audit-repo.js';
import type { Database } from '../../data/database.js';
import type { PaymentItemRow, PaymentsRepo } from '../../data/payments-repo.js';
import type { RefundsRepo } from '../../data/refunds-repo.js';
import type { OwedBackRepo } from '../../data/owed-back-repo.js';
import { createOwedBackRefund } from './owed-back-refund.js';
import { recordRefundAnswer, requestRefund, throwUnlessRefunded } from './refund-steps.js';
import { DomainError, invalid, notFound, type DomainErrorKind } from '../errors.js';
import type { Clock } from '../../lib/clock.js';
import type { Actor } from '../admin/audit-trail.js';

export interface RefundRequest {
  reason: string;
  /** The payment's activities to refund; all that are left when absent. */
  activity_ids?: number[] | undefined;
  /** A family's payment: only this person's items (absent: everyone's). */
  person_activity_id?: number | undefined;
  /** Euros: part of one activity's item, what a late reduction left its fee owing back. */
  amount?: number | undefined;
}

const refundError = (
  kind: DomainErrorKind,
  code: string,
  params?: Record<string, string | number>,
) => new DomainError(kind, `refund_${code}`, { params });

const REASON_MAX = 500;

/**
 * Gives money back through the gateway: a whole payment, some of its activities, or a duplicate
 * payment (paid twice) in full. Three steps, so that two clicks at once can never refund twice
 * and nothing is recorded as refunded that the gateway did not refund:
 * 1. in a transaction, with the payment locked: check it, record the refund as requested and
 *    reserve the items it gives back (an item can be reserved by one refund only);
 * 2. ask the gateway (outside any transaction);
 * 3. in a transaction: on success, record it, add the amount to the payment, and make the items
 *    this payment had paid pending again (their enrolment stays); on refusal, record the
 *    gateway's code and free the items. With no answer at all the refund stays requested, its
 *    items reserved, until someone checks with the bank.
 */
export function createRefunds(deps: {
  db: Database;
  clock: Clock;
  payments: PaymentsRepo;
  refunds: RefundsRepo;
  gateway: GatewayClient;
  audit: AuditRepo;
  owedBack: OwedBackRepo;
  /** In the refund's transaction, once its items are pending again (family-differences.ts). */
  afterUnpaid?: (items: PaymentItemRow[], now: string) => Promise<number>;
}) {
  const { db, clock, payments, refunds, gateway } = deps;
  const owedBackRefund = createOwedBackRefund(deps);

  return {
    async refund(actor: Actor, paymentId: number, request: RefundRequest) {
      const reason = request.reason.trim().replace(/\s+/g, ' ');
      if (reason === '' || reason.length > REASON_MAX) {
        throw invalid([
          { loc: ['body', 'reason'], msg: 'refund_reason_required', type: 'reason_required' },
        ]);
      }
      if (request.amount !== undefined)
        return owedBackRefund.refund(actor, paymentId, {
          reason,
          amountCents: Math.round(request.amount * 100),
          activity_ids: request.activity_ids,
          person_activity_id: request.person_activity_id,
        });
      const startedAt = clock.now().toISOString();
      const reserved = await db.transaction(async () => {
        const payment = await payments.findById(paymentId, { lock: true });
        if (!payment) throw notFound();
        if (payment.status !== 'paid' && payment.status !== 'duplicate') {
          throw refundError('conflict', 'not_paid');
        }
        const person = request.person_activity_id;
        const all = await payments.items(payment.id);
        const items = all.filter((item) => person === undefined || item.enrolment_id === person);
        let wanted =
          request.activity_ids ??
          items.filter((i) => i.refund_id === null).map((i) => i.activity_id);
        wanted = [...new Set(wanted)];
        const unknown = wanted.filter((id) => !items.some((i) => i.activity_id === id));
        if (unknown.length > 0) {
          throw invalid(
            unknown.map((id) => ({
              loc: ['body', 'activity_ids', request.activity_ids?.indexOf(id) ?? 0],
              msg: 'refund_activity_not_in_payment',
              type: 'activity_not_in_payment',
            })),
          );
        }
        const chosen = items.filter((i) => wanted.includes(i.activity_id));
        // a duplicate goes back whole: every item, whoever of a family it was for
        if (payment.status === 'duplicate' && chosen.length !== all.length) {
          throw refundError('invalid', 'duplicate_whole');
        }
        const amount = chosen.reduce((sum, i) => sum + i.amount_cents, 0);
        const left = payment.amount_cents - payment.refunded_cents;
        if (
          chosen.length === 0 ||
          chosen.some((i) => i.refund_id !== null) ||
          amount > left ||
          amount <= 0
        ) {
          throw refundError('conflict', 'over_refund', { left: (left / 100).toFixed(2) });
        }
        // parts of a fee in parts go back last paid first: the ones before stay paid. A duplicate
        // paid nothing (another payment had), so it always goes back whole, whatever came after
        for (const item of chosen) {
          if (item.part_to === null || payment.status === 'duplicate') continue;
          const row = await payments.findEnrolledActivity(item.enrolment_id, item.activity_id, {
            lock: true,
          });
          if (row && row.parts_paid > item.part_to)
            throw refundError('conflict', 'later_part_first', {
              number: row.parts_paid,
              name: item.activity_name,
            });
        }
        const refundId = await requestRefund(deps, actor, {
          payment,
          amountCents: amount,
          reason,
          activityIds: wanted,
          at: startedAt,
        });
        if ((await refunds.reserveItems(payment.id, wanted, refundId, person)) !== chosen.length) {
          throw refundError('conflict', 'over_refund', { left: (left / 100).toFixed(2) });
        }
        return {
          refundId,
          order: payment.order_code,
          amount,
          items: chosen,
          duplicate: payment.status === 'duplicate',
        };
      });

      const answer = await gateway.refund({ order: reserved.order, amountCents: reserved.amount });

      const finishedAt = clock.now().toISOString();
      await db.transaction(async () => {
        const payment = (await payments.findById(paymentId, { lock: true }))!;
        if (answer.outcome === 'refunded') {
          await payments.addRefunded(payment.id, reserved.amount, finishedAt);
          // a duplicate's items were paid by another payment: what they paid stays paid
          if (!reserved.duplicate) {
            for (const item of reserved.items) {
              await payments.unpayItem(item);
              // what a late reduction left the fee owing back shrinks by what this gave back
              if (item.part_to !== null)
                await deps.owedBack.lowerBy(item, item.amount_cents - item.registration_fee_cents);
            }
            await deps.afterUnpaid?.(reserved.items, finishedAt);
          }
        } else if (answer.outcome === 'refused') {
          await refunds.releaseItems(reserved.refundId);
        }
        await recordRefundAnswer(
          deps,
          actor,
          { payment, refundId: reserved.refundId, amountCents: reserved.amount },
          answer,
          finishedAt,
        );
      });
      throwUnlessRefunded(answer);
      return { refundId: reserved.refundId };
    },
  };
}

export type Refunds = ReturnType<typeof createRefunds>;
