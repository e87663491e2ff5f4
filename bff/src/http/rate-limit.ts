import type Koa from 'koa';
import type { Deps } from '../deps.js';
import { createRateEventsRepo } from '../data/rate-events-repo.js';
import { createRateLimiter, type RateRule } from '../services/rate-limiter.js';
import type { AppContext, AppState } from './context.js';
import { tooManyRequests } from './errors.js';

/**
 * Counts every call of a route against its rules (held in the database, so across processes):
 * once one is full the call answers 429 with Retry-After before doing anything else.
 */
export function limitCalls(
  deps: Pick<Deps, 'db' | 'clock'>,
  rulesOf: (ctx: AppContext) => RateRule[],
): Koa.Middleware<AppState> {
  const limiter = createRateLimiter(createRateEventsRepo(deps.db), deps.clock);
  return async (ctx, next) => {
    const rules = rulesOf(ctx as AppContext);
    const wait = await limiter.retryAfter(rules);
    if (wait > 0) throw tooManyRequests(wait);
    await limiter.hit(rules);
    await next();
  };
}
