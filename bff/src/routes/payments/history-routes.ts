import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import { zGetMyReceiptPath, zGetMyReceiptQuery } from '../../generated/zod.gen.js';
import { requireUser } from '../../http/auth.js';
import type { AppState } from '../../http/context.js';
import { notFound } from '../../services/errors.js';
import { validate } from '../../http/validate.js';
import { toLatestPayment, toResidentPayment } from '../../services/payments/payment-views.js';
import { sendPdf } from './send-pdf.js';

/**
 * The residents' payments: completed ones of the people this account manages (newest first),
 * the newest one this account started (what /pago-ok waits for), and a paid one's receipt.
 */
export function historyRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  const auth = requireUser(deps);
  const { payments } = deps.repos;

  router.get('/user/payments/', auth, async (ctx) => {
    const rows = await payments.residentPayments(ctx.state.user!.id);
    const ids = rows.map((row) => row.id);
    const items = await payments.itemsByPayment(ids);
    const refunds = await deps.payments.refundsRepo.ofPayments(ids);
    ctx.body = rows.map((row) =>
      toResidentPayment(row, items.get(row.id) ?? [], refunds.get(row.id) ?? []),
    );
  });

  router.get('/user/payments/latest', auth, async (ctx) => {
    const latest = await payments.latestOfUser(ctx.state.user!.id);
    if (!latest) throw notFound();
    ctx.body = toLatestPayment(latest);
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
