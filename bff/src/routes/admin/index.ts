import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/context.js';

/** Routes of the admin area, mounted under /api. */
export function adminRoutes(_deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  return router;
}
