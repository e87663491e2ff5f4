import type { RefundAnswer } from '../../adapters/payment-gateway/gateway-client.js';
import type { AuditRepo } from '../../data/audit-repo.js';
import type { RefundsRepo } from '../../data/refunds-repo.js';
import type { Actor } from '../admin/audit-trail.js';
import { DomainError } from '../errors.js';

/**
 * The steps every refund shares, whatever it gives back (refunds.ts: items of a payment;
 * owed-back-refund.ts: what a fee in parts owes back): the refund recorded as requested with its
 * audit line, in the caller's first transaction; the gateway's answer recorded with its audit
 * line, in the caller's second; then an error unless the gateway refunded.
 */
export interface RefundSteps {
  refunds: Pick<RefundsRepo, 'insert' | 'finish'>;
  audit: AuditRepo;
}

/** The payment a refund gives back from, as the audit names it. */
interface RefundedPayment {
  id: number;
  order_code: string;
}

/** A refund of what a late reduction left a fee in parts owing back says so in the audit. */
const owedBackMark = (owedBack: boolean | undefined) => (owedBack ? { owed_back: true } : {});

/** Step 1: the refund row, requested, and `payment.refund_requested`; the refund's id. */
export async function requestRefund(
  deps: RefundSteps,
  actor: Actor,
  refund: {
    payment: RefundedPayment;
    amountCents: number;
    reason: string;
    activityIds: number[];
    owedBack?: boolean;
    at: string;
  },
): Promise<number> {
  const refundId = await deps.refunds.insert({
    payment_id: refund.payment.id,
    amount_cents: refund.amountCents,
    reason: refund.reason,
    actor_user_id: actor.id,
    actor_dni: actor.dni,
    created_at: refund.at,
  });
  await deps.audit.record({
    actorUserId: actor.id,
    actorDni: actor.dni,
    action: 'payment.refund_requested',
    entity: 'payment',
    entityId: refund.payment.id,
    details: {
      order: refund.payment.order_code,
      refund_id: refundId,
      amount_cents: refund.amountCents,
      activity_ids: refund.activityIds,
      ...owedBackMark(refund.owedBack),
      reason: refund.reason,
    },
    ip: actor.ip,
  });
  return refundId;
}

/**
 * Step 3: the gateway's answer on the refund (succeeded or failed; with no answer it stays
 * requested) and its audit line (`payment.refund_succeeded`, `_refused` or `_unconfirmed`).
 */
export async function recordRefundAnswer(
  deps: RefundSteps,
  actor: Actor,
  refund: { payment: RefundedPayment; refundId: number; amountCents: number; owedBack?: boolean },
  answer: RefundAnswer,
  at: string,
): Promise<void> {
  if (answer.outcome !== 'unknown')
    await deps.refunds.finish(
      refund.refundId,
      answer.outcome === 'refunded' ? 'succeeded' : 'failed',
      { code: answer.code, answer: answer.raw },
      at,
    );
  const outcome =
    answer.outcome === 'refunded'
      ? 'succeeded'
      : answer.outcome === 'refused'
        ? 'refused'
        : 'unconfirmed';
  await deps.audit.record({
    actorUserId: actor.id,
    actorDni: actor.dni,
    action: `payment.refund_${outcome}`,
    entity: 'payment',
    entityId: refund.payment.id,
    details: {
      order: refund.payment.order_code,
      refund_id: refund.refundId,
      amount_cents: refund.amountCents,
      ...owedBackMark(refund.owedBack),
      gateway_code: answer.code,
    },
    ip: actor.ip,
  });
}

/** After step 3: the gateway refused or never answered, said with its code. */
export function throwUnlessRefunded(answer: RefundAnswer): void {
  if (answer.outcome === 'refused')
    throw new DomainError('gateway_failed', 'refund_gateway_refused', {
      params: { code: answer.code },
    });
  if (answer.outcome === 'unknown')
    throw new DomainError('gateway_timeout', 'refund_gateway_no_answer', {
      params: { code: answer.code },
    });
}
