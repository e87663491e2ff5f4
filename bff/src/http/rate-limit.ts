import type Koa from 'koa';
import type { RateLimiter, RateRule } from '../services/rate-limiter.js';
import type { AppContext, AppState } from './context.js';
import { tooManyRequests } from '../services/errors.js';

/**
 * Counts every call of a route against its rules before it runs (held in the database, so across
 * processes): once one is full the call answers 429 with Retry-After and does nothing.
 */
export function limitCalls(
  limiter: RateLimiter,
  rulesOf: (ctx: AppContext) => RateRule[],
): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    const taken = await limiter.take(rulesOf(ctx as AppContext));
    if (!taken.ok) throw tooManyRequests(taken.retryAfter);
    await next();
  };
}
