import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/context.js';
import { checkoutRoutes } from './checkout-routes.js';
import { historyRoutes } from './history-routes.js';
import { notificationRoutes } from './notification-routes.js';
import { receiptCheckRoutes } from './receipt-check-routes.js';
import { sandboxRoutes } from './sandbox-routes.js';

/** Routes of the payments area, mounted under /api (the residents' history lives at /user/payments/). */
export function paymentsRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  for (const area of [
    checkoutRoutes(deps),
    notificationRoutes(deps),
    sandboxRoutes(deps),
    historyRoutes(deps),
    receiptCheckRoutes(deps),
  ]) {
    router.use(area.routes());
  }
  return router;
}
