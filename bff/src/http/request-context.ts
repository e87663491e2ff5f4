import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import { pickLocale } from '../i18n/index.js';
import type { Logger } from '../logger.js';
import type { AppState } from './context.js';

/** Request id, language and one structured log line per request (path only: no query, no body). */
export function requestContext(logger: Logger): Koa.Middleware<AppState> {
  const accessLog = logger.enabled('info');
  return async (ctx, next) => {
    ctx.state.requestId = randomUUID();
    ctx.state.locale = pickLocale(ctx.headers['accept-language']);
    ctx.set('X-Request-Id', ctx.state.requestId);
    if (!accessLog) return next();
    const started = performance.now();
    try {
      await next();
    } finally {
      logger.info('request', {
        requestId: ctx.state.requestId,
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        user: ctx.state.user?.id,
      });
    }
  };
}
