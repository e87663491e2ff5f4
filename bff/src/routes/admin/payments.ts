import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { PaymentFilter } from '../../data/payments-repo.js';
import { zExportPaymentsQuery, zListPaymentsQuery } from '../../generated/zod.gen.js';
import { requireAdmin } from '../../http/auth.js';
import type { AppState } from '../../http/context.js';
import { invalid } from '../../http/errors.js';
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
    from?: string;
    to?: string;
  }) => {
    if (query.from && query.to && query.from > query.to) {
      throw invalid([{ loc: ['query', 'to'], msg: 'invalid_date', type: 'date_range' }]);
    }
    return { status: query.status, person: query.person, ...madridDateRange(query.from, query.to) };
  };

  router.get('/admin/payments/', requireAdmin(deps), async (ctx) => {
    const query = validate(zListPaymentsQuery, ctx.query, 'query');
    const filter = toFilter(query);
    const rows = await payments.list(filter, {
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    });
    const items = await payments.itemsByPayment(rows.map((row) => row.id));
    ctx.body = {
      items: rows.map((row) => toAdminPayment(row, items.get(row.id) ?? [])),
      total: await payments.count(filter),
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

  return router;
}
