import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import { zGetDrawPath } from '../../generated/zod.gen.js';
import type { AppState } from '../../http/context.js';
import { validate } from '../../http/validate.js';

/** What anyone may read of the season: the catalogue and the draws. */
export function seasonPublicRoutes(deps: Pick<Deps, 'season'>): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/catalogue', async (ctx) => {
    ctx.body = await deps.season.catalogue(ctx.state.locale);
  });
  router.get('/draws/:activity_id', async (ctx) => {
    const { activity_id } = validate(zGetDrawPath, ctx.params, 'path');
    ctx.body = await deps.season.draws.view(activity_id);
  });
  return router;
}
