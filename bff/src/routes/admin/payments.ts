import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import {
  zCheckPaymentPath,
  zExportPaymentsQuery,
  zGetPaymentReceiptPath,
  zGetPaymentReceiptQuery,
  zListPaymentsQuery,
  zRefundPaymentBody,
  zRefundPaymentPath,
} from '../../generated/zod.gen.js';
import { actorOf } from './form-input.js';
import { listRequest } from './list-params.js';
import { sendPdf } from '../payments/send-pdf.js';
import { requireAdmin } from '../../http/auth.js';
import type { AppState } from '../../http/context.js';
import { notFound } from '../../services/errors.js';
import { validate } from '../../http/validate.js';

/** /admin/payments/: payments for reconciliation with the bank, and their .xlsx export. */
export function adminPaymentsRoutes(
  deps: Pick<Deps, 'clock' | 'config' | 'logger' | 'payments' | 'sessions'>,
): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  const staff = deps.payments.staff;

  router.get('/admin/payments/', requireAdmin(deps), async (ctx) => {
    const query = validate(zListPaymentsQuery, ctx.query, 'query');
    const { sort, order } = listRequest(query, { sort: 'created_at', order: 'desc' });
    const { rows, total } = await staff.page(
      query,
      { number: query.page, size: query.page_size },
      { by: sort, order },
      ctx.state.locale,
    );
    ctx.set('X-Total-Count', String(total));
    ctx.body = { items: rows, total, page: query.page, page_size: query.page_size };
  });

  router.get('/admin/payments/export', requireAdmin(deps), async (ctx) => {
    const file = await staff.exportFile(validate(zExportPaymentsQuery, ctx.query, 'query'));
    const stamp = deps.clock.now().toISOString().slice(0, 10);
    ctx.type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    ctx.set('Content-Disposition', `attachment; filename="pagos-${stamp}.xlsx"`);
    ctx.body = file;
  });

  router.get('/admin/payments/:payment_id/receipt', requireAdmin(deps), async (ctx) => {
    const { payment_id } = validate(zGetPaymentReceiptPath, ctx.params, 'path');
    const { lang } = validate(zGetPaymentReceiptQuery, ctx.query, 'query');
    const receipt = await deps.payments.receipts.forStaff(payment_id, lang ?? ctx.state.locale);
    if (!receipt) throw notFound();
    sendPdf(ctx, receipt);
  });

  router.post('/admin/payments/:payment_id/refund', requireAdmin(deps), async (ctx) => {
    const { payment_id } = validate(zRefundPaymentPath, ctx.params, 'path');
    const body = validate(zRefundPaymentBody, ctx.request.body, 'body');
    await deps.payments.refunds.refund(actorOf(ctx), payment_id, body);
    ctx.body = await staff.view(payment_id, ctx.state.locale);
  });

  router.post('/admin/payments/:payment_id/check', requireAdmin(deps), async (ctx) => {
    const { payment_id } = validate(zCheckPaymentPath, ctx.params, 'path');
    const checked = await deps.payments.reconciliation.check(payment_id, actorOf(ctx));
    if (!checked) throw notFound();
    ctx.body = await staff.view(payment_id, ctx.state.locale);
  });

  return router;
}
