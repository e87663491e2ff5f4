import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/context.js';

/** GET /circumstances: the council's list in the caller's language (no session needed). */
export function circumstancesPublicRoutes(deps: Pick<Deps, 'circumstances'>): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/circumstances', async (ctx) => {
    ctx.body = await deps.circumstances.catalogue.publicList(ctx.state.locale);
  });
  return router;
}
