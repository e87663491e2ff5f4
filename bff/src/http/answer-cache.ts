import type Koa from 'koa';
import type { Clock } from '../lib/clock.js';
import { readCacheFor } from '../data/read-cache.js';
import type { Db } from '../data/db.js';
import type { AppContext, AppState, AuthUser } from './context.js';
import { freezeAndSerialise, isJsonBody } from './json-body.js';

interface KeptAnswer {
  user: AuthUser;
  body: object;
}

/**
 * Answers a signed-in GET from memory when the same token asked for the same URL before and the
 * database has not changed since: the resident's dashboard reads (the people they manage, each
 * one's activities) skip routing, the session check, the queries and the JSON serialisation.
 *
 * It keeps only what a route marked with `cacheAnswer`, and forgets everything at the database's
 * next change, on the same terms as the read cache it lives in (data/read-cache.ts). So a change
 * of password, role or links, a deletion or a new price shows on the very next call, as it would
 * through the session check. An expired token is never answered from memory: the call goes
 * through and gets its 401.
 */
export function answerCache(deps: { db: Db; clock: Clock }): Koa.Middleware<AppState> {
  const cache = readCacheFor(deps.db);
  return async (ctx, next) => {
    const { request } = ctx;
    const authorization = request.headers.authorization;
    if (request.method !== 'GET' || !authorization) return next();
    const key = `answer ${request.url} ${authorization}`;
    const { value: kept, version } = cache.recall<KeptAnswer>(key);
    if (kept && kept.user.sessionEndsAt > deps.clock.now().getTime()) {
      ctx.state.user = kept.user;
      ctx.response.body = kept.body;
      return;
    }
    await next();
    const { user } = ctx.state;
    const body: unknown = ctx.response.body;
    if (ctx.state.answerCacheable && user && ctx.response.status === 200 && isJsonBody(body)) {
      freezeAndSerialise(body);
      cache.keep(key, { user, body }, version);
    }
  };
}

/**
 * Lets the answer cache keep this call's answer. Only for answers that depend on nothing but the
 * signed-in account and the database: not on the clock, the language or the headers.
 */
export function cacheAnswer(ctx: AppContext): void {
  ctx.state.answerCacheable = true;
}
