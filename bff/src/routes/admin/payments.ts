import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { PaymentFilter } from '../../data/payments-repo.js';
import {
  zCheckPaymentPath,
  zExportPaymentsQuery,
  zGetPaymentReceiptPath,
  zGetPaymentReceiptQuery,
  zListPaymentsQuery,
  zRefundPaymentBody,
  zRefundPaymentPath,
} from '../../generated/zod.gen.js';
import { GatewayUnavailable } from '../../adapters/payment-gateway/gateway-client.js';
import { actorOf } from './form-input.js';
import { listRequest } from './list-params.js';
import { sendPdf } from '../payments/send-pdf.js';
import { requireAdmin } from '../../http/auth.js';
import type { AppState } from '../../http/context.js';
import { searchText } from '../../data/list-query.js';
import { HttpError, invalid, notFound } from '../../http/errors.js';
import { validate } from '../../http/validate.js';
import { madridDateRange } from '../../services/payments/madrid-range.js';
import { paymentsWorkbook } from '../../services/payments/payments-export.js';
import { toAdminPayment } from '../../services/payments/payment-views.js';

const EXPORT_LIMIT = 50_000;

/** /admin/payments/: payments for reconciliation with the bank, and their .xlsx export. */
export function adminPaymentsRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  const payments = deps.repos.payments;

  const toFilter = (query: {
    status?: PaymentFilter['status'];
    person?: string;
    q?: string;
    from?: string;
    to?: string;
  }) => {
    if (query.from && query.to && query.from > query.to) {
      throw invalid([{ loc: ['query', 'to'], msg: 'invalid_date', type: 'date_range' }]);
    }
    return {
      status: query.status,
      person: query.person,
      q: searchText(query.q),
      ...madridDateRange(query.from, query.to),
    };
  };

  router.get('/admin/payments/', requireAdmin(deps), async (ctx) => {
    const query = validate(zListPaymentsQuery, ctx.query, 'query');
    const filter = toFilter(query);
    const { sort, order } = listRequest(query, { sort: 'created_at', order: 'desc' });
    const [rows, total] = await Promise.all([
      payments.list(
        filter,
        { limit: query.page_size, offset: (query.page - 1) * query.page_size },
        { by: sort, order },
      ),
      payments.count(filter),
    ]);
    const ids = rows.map((row) => row.id);
    const [items, refunds] = await Promise.all([
      payments.itemsByPayment(ids),
      deps.payments.refundsRepo.ofPayments(ids),
    ]);
    ctx.set('X-Total-Count', String(total));
    ctx.body = {
      items: rows.map((row) =>
        toAdminPayment(row, items.get(row.id) ?? [], refunds.get(row.id) ?? []),
      ),
      total,
      page: query.page,
      page_size: query.page_size,
    };
  });

  router.get('/admin/payments/export', requireAdmin(deps), async (ctx) => {
    const filter = toFilter(validate(zExportPaymentsQuery, ctx.query, 'query'));
    const rows = await payments.list(filter, { limit: EXPORT_LIMIT, offset: 0 });
    const items = await payments.itemsByPayment(rows.map((row) => row.id));
    const file = await paymentsWorkbook(rows, items);
    const stamp = deps.clock.now().toISOString().slice(0, 10);
    ctx.type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    ctx.set('Content-Disposition', `attachment; filename="pagos-${stamp}.xlsx"`);
    ctx.body = file;
  });

  /** One payment as staff see it, with its items and refund history. */
  const view = async (id: number) => {
    const payment = await payments.findById(id);
    if (!payment) throw notFound();
    const refunds = await deps.payments.refundsRepo.ofPayments([id]);
    return toAdminPayment(payment, await payments.items(id), refunds.get(id) ?? []);
  };

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
    ctx.body = await view(payment_id);
  });

  router.post('/admin/payments/:payment_id/check', requireAdmin(deps), async (ctx) => {
    const { payment_id } = validate(zCheckPaymentPath, ctx.params, 'path');
    try {
      const checked = await deps.payments.reconciliation.check(payment_id, actorOf(ctx));
      if (!checked) throw notFound();
    } catch (err) {
      if (err instanceof GatewayUnavailable) {
        throw new HttpError(502, 'gateway_unavailable');
      }
      throw err;
    }
    ctx.body = await view(payment_id);
  });

  return router;
}
