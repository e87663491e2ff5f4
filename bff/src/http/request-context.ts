import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import { pickLocale } from '../i18n/index.js';
import type { Logger } from '../logger.js';
import type { AppState } from './context.js';

type Ctx = Koa.ParameterizedContext<AppState>;

/** Gives the call its request id (also sent back as X-Request-Id) and the caller's language. */
export function beginRequest(ctx: Ctx): void {
  const requestId = randomUUID();
  ctx.state.requestId = requestId;
  ctx.state.locale = pickLocale(ctx.request.headers['accept-language']);
  ctx.response.set('X-Request-Id', requestId);
}

/**
 * One structured log line per answered call (path only: no query, no body), or null when `info`
 * lines are not written, so that no call builds fields nobody reads.
 */
export function accessLog(logger: Logger): ((ctx: Ctx, startedMs: number) => void) | null {
  if (!logger.enabled('info')) return null;
  return (ctx, startedMs) => {
    logger.info('request', {
      requestId: ctx.state.requestId,
      method: ctx.request.method,
      path: ctx.request.path,
      status: ctx.response.status,
      ms: Math.round((performance.now() - startedMs) * 10) / 10,
      user: ctx.state.user?.id,
    });
  };
}
