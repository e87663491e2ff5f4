import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/context.js';
import { accountRoutes } from './account.js';
import { activitiesRoutes } from './activities.js';
import { authRoutes } from './auth.js';
import { personsRoutes } from './persons.js';

/** Routes of the residents area, mounted under /api. */
export function residentsRoutes(deps: Deps): Router<AppState> {
  const services = deps.residents;
  const router = new Router<AppState>();
  for (const part of [
    authRoutes(services.accounts, deps.mfa),
    accountRoutes(deps, services),
    personsRoutes(deps, services.persons),
    activitiesRoutes(deps, services.persons),
  ]) {
    router.use(part.routes());
  }
  return router;
}
