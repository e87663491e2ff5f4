import {
  GatewayUnavailable,
  type GatewayClient,
} from '../../adapters/payment-gateway/gateway-client.js';
import { DomainError } from '../errors.js';
import type { AuditRepo } from '../../data/audit-repo.js';
import type { Database } from '../../data/database.js';
import type { PaymentRow, PaymentsRepo } from '../../data/payments-repo.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../logger.js';
import type { PaymentResults, ResultOutcome } from './payment-results.js';

/** A payment pending this long with no answer from the bank is given up: its items are free. */
export const EXPIRE_AFTER_MS = 24 * 3600_000;
/** Payments asked about per run of the job (a run must end well within its lease). */
const PER_RUN = 50;

export interface CheckOutcome {
  payment: PaymentRow;
  /** What the check changed: paid, failed, duplicate, expired, or nothing. */
  change: 'paid' | 'failed' | 'duplicate' | 'expired' | 'none';
}

/**
 * Recovers payments whose notification never arrived (Redsys does not reliably retry, and many
 * residents never press "Continuar"): asks the gateway what happened to a pending order and
 * applies the answer exactly as the notification would have (payment-results.ts). Asked about
 * by the background job once a payment has been pending for a while, and by staff on demand.
 */
export function createReconciliation(deps: {
  db: Database;
  clock: Clock;
  payments: PaymentsRepo;
  results: PaymentResults;
  gateway: GatewayClient;
  audit: AuditRepo;
  logger: Logger;
  afterMinutes: number;
  everyMinutes: number;
  /** After a payment became paid (outside the transaction): its confirmation e-mail. */
  onPaid: (paymentId: number) => Promise<unknown>;
}) {
  const { db, clock, payments, results, gateway, audit, logger } = deps;

  async function check(
    paymentId: number,
    actor: { id: number; dni: string } | null,
  ): Promise<CheckOutcome | null> {
    const before = await payments.findById(paymentId);
    if (!before) return null;
    if (before.status !== 'pending') return { payment: before, change: 'none' };
    // the bank is asked outside any transaction: it may take seconds
    const answer = await gateway.status(before.order_code);
    const nowIso = clock.now().toISOString();
    const outcome = await db.transaction(async () => {
      const payment = await payments.findById(paymentId, { lock: true });
      if (!payment || payment.status !== 'pending') return { change: 'none' as const, paid: false };
      await payments.markChecked(payment.id, nowIso);
      let applied: ResultOutcome | null = null;
      if (answer.outcome === 'authorised' && answer.amountCents === payment.amount_cents) {
        applied = await results.apply(
          payment,
          {
            authorised: true,
            responseCode: answer.responseCode,
            authorisationCode: answer.authorisationCode,
            bankTime: answer.bankTime,
            bankPayMethod: answer.payMethodCode,
          },
          nowIso,
          'reconciliation',
          null,
        );
      } else if (answer.outcome === 'denied') {
        applied = await results.apply(
          payment,
          {
            authorised: false,
            responseCode: answer.responseCode,
            authorisationCode: null,
            bankTime: '',
            bankPayMethod: answer.payMethodCode,
          },
          nowIso,
          'reconciliation',
          null,
        );
      } else if (clock.now().getTime() - Date.parse(payment.created_at) >= EXPIRE_AFTER_MS) {
        await payments.setStatus(payment.id, 'expired', nowIso, { from: 'pending' });
        await audit.record({
          actorUserId: actor?.id ?? null,
          actorDni: actor?.dni ?? null,
          action: 'payment.expired',
          entity: 'payment',
          entityId: payment.id,
          details: {
            order: payment.order_code,
            from: 'pending',
            to: 'expired',
            source: 'reconciliation',
          },
        });
        return { change: 'expired' as const, paid: false };
      }
      if (actor) {
        await audit.record({
          actorUserId: actor.id,
          actorDni: actor.dni,
          action: 'payment.checked',
          entity: 'payment',
          entityId: payment.id,
          details: { order: payment.order_code, gateway: answer.outcome },
        });
      }
      if (
        !applied ||
        applied.code === 'notification_repeated' ||
        applied.code === 'notification_ignored'
      )
        return { change: 'none' as const, paid: false };
      return { change: applied.status as 'paid' | 'failed' | 'duplicate', paid: applied.newlyPaid };
    });
    if (outcome.paid) await deps.onPaid(paymentId);
    const payment = (await payments.findById(paymentId))!;
    return { payment, change: outcome.change };
  }

  return {
    /**
     * Staff's "check with the bank": the payment as it stands after the check; 502
     * `gateway_unavailable` when the bank cannot be asked.
     */
    async check(paymentId: number, actor: { id: number; dni: string }) {
      try {
        return await check(paymentId, actor);
      } catch (err) {
        if (err instanceof GatewayUnavailable)
          throw new DomainError('gateway_failed', 'gateway_unavailable');
        throw err;
      }
    },

    /** The background job's turn: every payment pending long enough and not asked about lately. */
    async runDue(): Promise<Record<CheckOutcome['change'], number>> {
      const now = clock.now().getTime();
      const due = await payments.dueForCheck(
        new Date(now - deps.afterMinutes * 60_000).toISOString(),
        new Date(now - deps.everyMinutes * 60_000).toISOString(),
        PER_RUN,
      );
      const counts = { paid: 0, failed: 0, duplicate: 0, expired: 0, none: 0 };
      for (const payment of due) {
        try {
          const outcome = await check(payment.id, null);
          if (outcome) counts[outcome.change]++;
        } catch (err) {
          // the gateway did not answer: the next run asks again
          logger.warn('reconciliation: gateway did not answer', {
            payment: payment.id,
            error: err instanceof Error ? err.message : String(err),
          });
        }
      }
      if (due.length > 0) logger.info('reconciliation run', { checked: due.length, ...counts });
      return counts;
    },
  };
}

export type Reconciliation = ReturnType<typeof createReconciliation>;
