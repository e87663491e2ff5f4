import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { PaymentsRepo } from '../../data/payments-repo.js';
import { requireUser } from '../../http/auth.js';
import type { AppState } from '../../http/context.js';
import { toResidentPayment } from '../../services/payments/payment-views.js';

/** GET /user/payments/: completed payments of the people this account manages, newest first. */
export function historyRoutes(deps: Deps, payments: PaymentsRepo): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  router.get('/user/payments/', requireUser(deps), async (ctx) => {
    const rows = await payments.residentPayments(ctx.state.user!.id);
    const items = await payments.itemsByPayment(rows.map((row) => row.id));
    ctx.body = rows.map((row) => toResidentPayment(row, items.get(row.id) ?? []));
  });
  return router;
}
