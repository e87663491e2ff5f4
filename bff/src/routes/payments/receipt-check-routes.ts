import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import { zVerifyReceiptPath } from '../../generated/zod.gen.js';
import type { AppState } from '../../http/context.js';
import { DomainError } from '../../services/errors.js';
import { addressKey } from '../../lib/client-address.js';
import { limitCalls } from '../../http/rate-limit.js';
import { validate } from '../../http/validate.js';
import { receiptCheckPage } from '../../services/payments/receipt-check-page.js';

/** Lookups per client address per hour: a desk checks a few; guessing needs billions. */
export const RECEIPT_CHECKS_PER_HOUR = 60;

/**
 * GET /receipts/{code}: whether a printed receipt is genuine. Public, rate-limited. A browser
 * (asking for HTML first: the link printed on the receipt) reads a page in its language; a
 * program (JSON, or anything) the JSON.
 */
export function receiptCheckRoutes(
  deps: Pick<Deps, 'limiter' | 'payments' | 'config'>,
): Router<AppState> {
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
    ctx.vary('Accept');
    if (ctx.accepts('json', 'html') === 'html') {
      ctx.status = receipt ? 200 : 404;
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = receiptCheckPage(
        receipt,
        verification_code,
        deps.config.council,
        ctx.state.locale,
      );
      return;
    }
    if (!receipt) throw new DomainError('not_found', 'receipt_not_found');
    ctx.body = receipt;
  });

  return router;
}
