import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import { zGetDrawPath } from '../../generated/zod.gen.js';
import { answerCacheable } from '../../http/cacheable.js';
import type { AppState } from '../../http/context.js';
import { validate } from '../../http/validate.js';

/**
 * The catalogue may be kept this long by browsers and shared caches, and served stale this much
 * longer while fetched again: at 9:00 every open dashboard asks at most once every few seconds,
 * and its places-left figures are at most that old (the application itself is judged on the
 * database, never on them). docs/performance.md, The open dashboard at 9:00.
 */
export const CATALOGUE_CACHE = { maxAgeSeconds: 5, staleSeconds: 30 } as const;

/** What anyone may read of the season: the catalogue and the draws. */
export function seasonPublicRoutes(deps: Pick<Deps, 'season'>): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/catalogue', async (ctx) => {
    // computed from the database on every call, so every process tags the same answer alike;
    // its texts are in the language Accept-Language chose (http/request-context.ts)
    const catalogue = await deps.season.catalogue(ctx.state.locale);
    answerCacheable(ctx, catalogue, { ...CATALOGUE_CACHE, vary: ['Accept-Language'] });
  });
  router.get('/draws/:activity_id', async (ctx) => {
    const { activity_id } = validate(zGetDrawPath, ctx.params, 'path');
    ctx.body = await deps.season.draws.view(activity_id);
  });
  return router;
}
