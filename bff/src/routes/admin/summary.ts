import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import { createSummaryRepo } from '../../data/summary-repo.js';
import type { AppState } from '../../http/context.js';
import { requireAdmin } from '../../http/auth.js';
import { createSummaryService } from '../../services/admin/summary-service.js';

/** GET /admin/summary: how collection is going (the panel's first section). */
export function adminSummaryRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  const summary = createSummaryService({ summary: createSummaryRepo(deps.db), clock: deps.clock });
  router.get('/admin/summary', requireAdmin(deps), async (ctx) => {
    ctx.body = await summary.overview();
  });
  return router;
}
