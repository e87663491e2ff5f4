import Router, { type RouterMiddleware } from '@koa/router';
import type { Deps } from '../deps.js';
import { operations } from '../generated/operations.gen.js';
import type { AppState } from '../http/context.js';
import { HttpError } from '../http/errors.js';
import { adminRoutes } from './admin/index.js';
import { paymentsRoutes } from './payments/index.js';
import { remindersRoutes } from './reminders.js';
import { residentsRoutes } from './residents/index.js';
import { systemRoutes } from './system.js';

const PREFIX = '/api';

export interface ApiRoutes {
  /** Runs the route a call matches, looking only at the routes under its first segment. */
  routes: RouterMiddleware<AppState>;
  /** 405 with Allow, OPTIONS and 501 for every /api route. */
  allowedMethods: RouterMiddleware<AppState>;
}

/**
 * Every /api route. @koa/router tests each route's pattern on every call, so the routes are
 * grouped by the segment after /api (`user`, `admin`, `payments`, the rest): a resident's call
 * is matched against the 17 routes under /api/user, not all of them. An area joins every group
 * it has a route in, so a route can never be left out of its group.
 */
export function apiRoutes(deps: Deps): ApiRoutes {
  const areas = [
    systemRoutes(deps),
    residentsRoutes(deps),
    paymentsRoutes(deps),
    adminRoutes(deps),
    remindersRoutes(deps),
  ];
  const all = new Router<AppState>({ prefix: PREFIX, strict: true });
  const groups = new Map<string, Router<AppState>>();
  for (const area of areas) {
    all.use(area.routes());
    for (const segment of new Set(area.stack.map((layer) => firstSegment(layer.path)))) {
      let group = groups.get(segment);
      if (!group) {
        group = new Router<AppState>({ prefix: PREFIX, strict: true });
        groups.set(segment, group);
      }
      group.use(area.routes());
    }
  }
  const dispatch = new Map([...groups].map(([segment, group]) => [segment, group.routes()]));
  // paths under no group (and pages outside /api) still pass a router: allowedMethods needs
  // the `matched` list it leaves, even when empty
  const other = new Router<AppState>({ prefix: PREFIX, strict: true }).routes();
  const concrete = concretePaths();
  return {
    routes: (ctx, next) => {
      const path = ctx.path;
      const methods = concrete.get(path.toLowerCase());
      if (methods && !methods.includes(ctx.method)) return answerMethods(ctx, methods);
      // routes match regardless of case, as @koa/router does by default
      const segment = path.startsWith(`${PREFIX}/`)
        ? firstSegment(path.slice(PREFIX.length)).toLowerCase()
        : '';
      return (dispatch.get(segment) ?? other)(ctx, next);
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

/** `user` of `/user/persons/`; '' for `/`. */
function firstSegment(path: string | RegExp): string {
  if (typeof path !== 'string') return '';
  const end = path.indexOf('/', 1);
  return end === -1 ? path.slice(1) : path.slice(1, end);
}
