import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/context.js';
import { requireAdmin } from '../../http/auth.js';

/** GET /admin/summary: how collection is going (the panel's first section). */
export function adminSummaryRoutes(
  deps: Pick<Deps, 'config' | 'logger' | 'sessions' | 'summary'>,
): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  router.get('/admin/summary', requireAdmin(deps), async (ctx) => {
    ctx.body = await deps.summary.overview();
  });
  return router;
}
