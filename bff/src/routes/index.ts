import Router from '@koa/router';
import type { Deps } from '../deps.js';
import type { AppState } from '../http/context.js';
import { adminRoutes } from './admin/index.js';
import { paymentsRoutes } from './payments/index.js';
import { residentsRoutes } from './residents/index.js';
import { systemRoutes } from './system.js';

/**
 * Every /api route. The areas' routes are copied into this one router, whose allowedMethods (in
 * app.ts) answers 405 and OPTIONS for all of them: one per area would run on every call.
 */
export function apiRouter(deps: Deps): Router<AppState> {
  const api = new Router<AppState>({ prefix: '/api', strict: true });
  for (const area of [
    systemRoutes(deps),
    residentsRoutes(deps),
    paymentsRoutes(deps),
    adminRoutes(deps),
  ]) {
    api.use(area.routes());
  }
  return api;
}
