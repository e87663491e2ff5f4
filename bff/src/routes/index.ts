import Router, { type RouterMiddleware } from '@koa/router';
import type { Deps } from '../deps.js';
import type { AppState } from '../http/context.js';
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
  return {
    routes: (ctx, next) => {
      const path = ctx.path;
      // routes match regardless of case, as @koa/router does by default
      const segment = path.startsWith(`${PREFIX}/`)
        ? firstSegment(path.slice(PREFIX.length)).toLowerCase()
        : '';
      return (dispatch.get(segment) ?? other)(ctx, next);
    },
    allowedMethods: all.allowedMethods(),
  };
}

/** `user` of `/user/persons/`; '' for `/`. */
function firstSegment(path: string | RegExp): string {
  if (typeof path !== 'string') return '';
  const end = path.indexOf('/', 1);
  return end === -1 ? path.slice(1) : path.slice(1, end);
}
