import Router from '@koa/router';
import type { Deps } from '../deps.js';
import type { AppState } from '../http/context.js';
import { adminRoutes } from './admin/index.js';
import { paymentsRoutes } from './payments/index.js';
import { residentsRoutes } from './residents/index.js';
import { systemRoutes } from './system.js';

/** Every /api route. */
export function apiRouter(deps: Deps): Router<AppState> {
  const api = new Router<AppState>({ prefix: '/api', strict: true });
  for (const area of [
    systemRoutes(deps),
    residentsRoutes(deps),
    paymentsRoutes(deps),
    adminRoutes(deps),
  ]) {
    api.use(area.routes(), area.allowedMethods());
  }
  return api;
}
