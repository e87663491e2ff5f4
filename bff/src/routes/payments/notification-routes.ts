import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/context.js';
import { tooManyRequests } from '../../services/errors.js';
import { readBody } from '../../http/read-body.js';
import { addressKey } from '../../lib/client-address.js';
import { paymentError } from '../../services/payments/payment-errors.js';

/** Unsigned or badly signed notifications per client address in 10 minutes before it is not even heard. */
export const REJECTED_NOTIFICATIONS_PER_ADDRESS = 30;

/** Notification codes that changed a payment, and the payment's outcome they count as. */
const PAYMENT_OUTCOMES: Record<string, string> = {
  notification_applied: 'paid',
  notification_failed: 'failed',
  notification_duplicate: 'duplicate',
};

/**
 * POST /payments/notification: the MERCHANTURL Redsys (or the sandbox) posts to. Public; trust
 * comes from the signature only. 200 to every well-formed, correctly signed notification; 400
 * otherwise, with the attempt recorded either way.
 */
export function notificationRoutes(
  deps: Pick<Deps, 'limiter' | 'logger' | 'metrics' | 'payments'>,
): Router<AppState> {
  const router = new Router<AppState>({ strict: true });

  router.post('/payments/notification', readBody, async (ctx) => {
    // an address that keeps sending notifications whose signature fails is stopped before they
    // are stored; one whose signature verifies is always processed and never counted
    // (docs/security.md): only the holder of the council's key can sign
    if (!deps.payments.notifications.signatureVerifies(ctx.request.body)) {
      // counted before it is checked, so junk sent in parallel is not all stored
      const taken = await deps.limiter.take([
        {
          bucket: `notification:rejected:${addressKey(ctx.ip)}`,
          limit: REJECTED_NOTIFICATIONS_PER_ADDRESS,
          windowMs: 10 * 60_000,
        },
      ]);
      if (!taken.ok) throw tooManyRequests(taken.retryAfter);
    }
    const outcome = await deps.payments.notifications.receive(ctx.request.body, ctx.ip);
    deps.metrics.notifications.inc({ outcome: outcome.code });
    const paymentOutcome = outcome.ok ? PAYMENT_OUTCOMES[outcome.code] : undefined;
    if (paymentOutcome) deps.metrics.payments.inc({ outcome: paymentOutcome });
    if (!outcome.ok) {
      deps.logger.warn('payment notification refused', {
        requestId: ctx.state.requestId,
        code: outcome.code,
      });
      throw paymentError('bad_request', outcome.code);
    }
    deps.logger.info('payment notification', {
      requestId: ctx.state.requestId,
      status: outcome.status,
      code: outcome.code,
    });
    // the resident's confirmation e-mail goes after the answer: the bank need not wait for it
    if (outcome.newlyPaid) void deps.payments.afterPaid(outcome.paymentId);
    ctx.body = { status: outcome.status, code: outcome.code };
  });

  return router;
}
