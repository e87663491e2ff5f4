import Router, { type RouterMiddleware } from '@koa/router';
import type { Deps } from '../deps.js';
import { operations } from '../generated/operations.gen.js';
import type { AppState } from '../http/context.js';
import { HttpError } from '../http/errors.js';
import { adminRoutes } from './admin/index.js';
import { circumstancesPublicRoutes } from './circumstances/public.js';
import { circumstancesResidentRoutes } from './circumstances/residents.js';
import { circumstancesStaffRoutes } from './circumstances/staff.js';
import { paymentsRoutes } from './payments/index.js';
import { remindersRoutes } from './reminders.js';
import { residentsRoutes } from './residents/index.js';
import { seasonPublicRoutes } from './season/public.js';
import { seasonResidentRoutes } from './season/residents.js';
import { seasonStaffRoutes } from './season/staff.js';
import { seasonClaimsRoutes } from './season/claims.js';
import { systemRoutes } from './system.js';
import { pathIdsGuard } from './path-ids.js';

const PREFIX = '/api';

export interface ApiRoutes {
  /** Runs the route a call matches. */
  routes: RouterMiddleware<AppState>;
  /** 405 with Allow, OPTIONS and 501 for every /api route. */
  allowedMethods: RouterMiddleware<AppState>;
}

/**
 * Every /api route, in one @koa/router. (Grouping the routes by their first segment, so that
 * fewer patterns are tested per call, was measured against this on the deadline-day benchmark
 * and bought nothing: docs/performance.md.)
 */
export function apiRoutes(deps: Deps): ApiRoutes {
  const all = new Router<AppState>({ prefix: PREFIX, strict: true });
  for (const area of [
    systemRoutes(deps),
    residentsRoutes(deps),
    paymentsRoutes(deps),
    adminRoutes(deps),
    remindersRoutes(deps),
    seasonPublicRoutes(deps),
    seasonResidentRoutes(deps),
    seasonStaffRoutes(deps),
    seasonClaimsRoutes(deps),
    circumstancesPublicRoutes(deps),
    circumstancesResidentRoutes(deps),
    circumstancesStaffRoutes(deps),
  ]) {
    all.use(area.routes());
  }
  const dispatch = all.routes();
  const concrete = concretePaths();
  const checkIds = pathIdsGuard(PREFIX);
  return {
    routes: (ctx, next) => {
      // while the SQLite file is gone, every call but liveness is refused (database-watch.ts)
      if (ctx.path.startsWith(`${PREFIX}/`) && ctx.path !== `${PREFIX}/health`)
        deps.databaseWatch.refuseWhileGone();
      const methods = concrete.get(ctx.path.toLowerCase());
      if (methods && !methods.includes(ctx.method)) return answerMethods(ctx, methods);
      // an id the database cannot hold names nothing: 404 before any route reads a body
      if (!methods) checkIds(ctx.method, ctx.path);
      return dispatch(ctx, next);
    },
    allowedMethods: all.allowedMethods(),
  };
}

/**
 * The contract's paths without parameters, with the methods each takes. As OpenAPI says, a
 * concrete path is matched before a templated one: `/user/persons/request-association` takes
 * POST only, although `/user/persons/{id}` (DELETE) also fits it, which the router alone would
 * answer with `Allow: POST, DELETE` and a DELETE with a bad id.
 */
function concretePaths(): Map<string, string[]> {
  const paths = new Map<string, string[]>();
  for (const key of Object.keys(operations)) {
    const [method = '', path = ''] = key.split(' ');
    if (path.includes('{')) continue;
    const methods = paths.get(`${PREFIX}${path}`) ?? [];
    methods.push(method);
    if (method === 'GET') methods.unshift('HEAD');
    paths.set(`${PREFIX}${path}`, methods);
  }
  return paths;
}

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** OPTIONS, 405 or 501 for a method a concrete path does not take, as the router answers. */
function answerMethods(ctx: Parameters<RouterMiddleware<AppState>>[0], methods: string[]) {
  const allow = methods.join(', ');
  if (ctx.method === 'OPTIONS') {
    ctx.status = 200;
    ctx.set('Allow', allow);
    ctx.body = '';
    return;
  }
  if (!KNOWN_METHODS.has(ctx.method)) throw new HttpError(501, 'not_implemented');
  throw new HttpError(405, 'method_not_allowed', { Allow: allow });
}
