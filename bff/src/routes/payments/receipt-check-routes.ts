import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import { createRateEventsRepo } from '../../data/rate-events-repo.js';
import { zVerifyReceiptPath } from '../../generated/zod.gen.js';
import type { AppState } from '../../http/context.js';
import { HttpError, tooManyRequests } from '../../http/errors.js';
import { validate } from '../../http/validate.js';
import { createRateLimiter } from '../../services/rate-limiter.js';

/** Lookups per client address per hour: a desk checks a few; guessing needs billions. */
export const RECEIPT_CHECKS_PER_HOUR = 60;

/** GET /receipts/{code}: whether a printed receipt is genuine. Public, rate-limited. */
export function receiptCheckRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  const limiter = createRateLimiter(createRateEventsRepo(deps.db), deps.clock);

  router.get('/receipts/:verification_code', async (ctx) => {
    const rules = [
      { bucket: `receipt-check:ip:${ctx.ip}`, limit: RECEIPT_CHECKS_PER_HOUR, windowMs: 3600_000 },
    ];
    const wait = await limiter.retryAfter(rules);
    if (wait > 0) throw tooManyRequests(wait);
    await limiter.hit(rules);
    const { verification_code } = validate(zVerifyReceiptPath, ctx.params, 'path');
    const receipt = await deps.payments.receipts.verify(verification_code);
    if (!receipt) throw new HttpError(404, 'receipt_not_found');
    ctx.body = receipt;
  });

  return router;
}
