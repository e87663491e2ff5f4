import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import { pickLocale } from '../i18n/index.js';
import type { Logger } from '../logger.js';
import type { AppState } from './context.js';

/** Request id, language and one structured log line per request (path only: no query, no body). */
export function requestContext(logger: Logger): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    ctx.state.requestId = randomUUID();
    ctx.state.locale = pickLocale(ctx.get('Accept-Language'));
    ctx.set('X-Request-Id', ctx.state.requestId);
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info('request', {
        requestId: ctx.state.requestId,
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: Math.round(ms * 10) / 10,
        user: ctx.state.user?.id,
      });
    }
  };
}
