import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/context.js';

/** Routes of the residents area, mounted under /api. */
export function residentsRoutes(_deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  return router;
}
