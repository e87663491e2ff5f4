import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import { zGetMyReceiptPath, zGetMyReceiptQuery } from '../../generated/zod.gen.js';
import { requireUser } from '../../http/auth.js';
import type { AppState } from '../../http/context.js';
import { notFound } from '../../services/errors.js';
import { validate } from '../../http/validate.js';
import { sendPdf } from './send-pdf.js';

/**
 * The residents' payments: completed ones of the people this account manages (newest first),
 * the newest one this account started (what /pago-ok waits for), and a paid one's receipt.
 */
export function historyRoutes(deps: Pick<Deps, 'payments' | 'sessions'>): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  const auth = requireUser(deps);
  const { resident } = deps.payments;

  router.get('/user/payments/', auth, async (ctx) => {
    ctx.body = await resident.history(ctx.state.user!.id, ctx.state.locale);
  });

  router.get('/user/payments/latest', auth, async (ctx) => {
    ctx.body = await resident.latest(ctx.state.user!.id);
  });

  router.get('/user/payments/:payment_id/receipt', auth, async (ctx) => {
    const { payment_id } = validate(zGetMyReceiptPath, ctx.params, 'path');
    const { lang } = validate(zGetMyReceiptQuery, ctx.query, 'query');
    const receipt = await deps.payments.receipts.forResident(
      ctx.state.user!.id,
      payment_id,
      lang ?? ctx.state.locale,
    );
    if (!receipt) throw notFound();
    sendPdf(ctx, receipt);
  });

  return router;
}
