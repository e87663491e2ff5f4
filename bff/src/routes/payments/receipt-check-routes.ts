import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import { zVerifyReceiptPath } from '../../generated/zod.gen.js';
import type { AppState } from '../../http/context.js';
import { DomainError } from '../../services/errors.js';
import { addressKey } from '../../lib/client-address.js';
import { limitCalls } from '../../http/rate-limit.js';
import { validate } from '../../http/validate.js';

/** Lookups per client address per hour: a desk checks a few; guessing needs billions. */
export const RECEIPT_CHECKS_PER_HOUR = 60;

/** GET /receipts/{code}: whether a printed receipt is genuine. Public, rate-limited. */
export function receiptCheckRoutes(deps: Pick<Deps, 'limiter' | 'payments'>): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  const limit = limitCalls(deps.limiter, (ctx) => [
    {
      bucket: `receipt-check:ip:${addressKey(ctx.ip)}`,
      limit: RECEIPT_CHECKS_PER_HOUR,
      windowMs: 3600_000,
    },
  ]);

  router.get('/receipts/:verification_code', limit, async (ctx) => {
    const { verification_code } = validate(zVerifyReceiptPath, ctx.params, 'path');
    const receipt = await deps.payments.receipts.verify(verification_code);
    if (!receipt) throw new DomainError('not_found', 'receipt_not_found');
    ctx.body = receipt;
  });

  return router;
}
