import type Koa from 'koa';
import { t } from '../i18n/index.js';
import type { Logger } from '../logger.js';
import type { AppState } from './context.js';
import {
  badRequest,
  DomainError,
  forbidden,
  notFound,
  payloadTooLarge,
  unauthorized,
  unavailable,
} from '../services/errors.js';
import { answerOf, HttpError, type ErrorAnswer } from './errors.js';
import { databaseFailureOf } from '../data/engines.js';
import { databaseUnavailable } from '../services/database-watch.js';

/**
 * Turns every failure into the contract's error shape in the caller's language. Unknown errors
 * become a generic 500 after logging: never a stack trace, SQL or path in a response. A database
 * that cannot be reached or written is a 503 `database_unavailable` with Retry-After (what each
 * engine's errors mean is read in one place, data/engines.ts), logged as a warning without a
 * stack, and `onDatabaseUnavailable` is told (the watch looks at once and logs it).
 */
export function errorMiddleware(
  logger: Logger,
  onDatabaseUnavailable: () => void = () => {},
): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.path.startsWith('/api')) {
        if (ctx.status === 404 && ctx.body === undefined) throw new HttpError(404, 'not_found');
        // the router's own 405 carries plain text; the Allow header it set stays
        if (ctx.status === 405) throw new HttpError(405, 'method_not_allowed');
        // TRACE, CONNECT and other methods no route knows
        if (ctx.status === 501) throw new HttpError(501, 'not_implemented');
      }
    } catch (err) {
      const failure = databaseFailureOf(err);
      const error = answerOfAny(err, failure);
      if (error.code === 'database_unavailable') {
        onDatabaseUnavailable();
        logger.warn('database unavailable', {
          requestId: ctx.state.requestId,
          method: ctx.method,
          path: ctx.path,
          error: err instanceof Error ? err.message : String(err),
        });
      } else if (error.status >= 500 && error.code !== 'not_ready') {
        // (not ready is an answer, not a failure: a starting or stopping process says it to the
        // load balancer's every look)
        // no retry mends a damaged file (engines.ts): it says what to do
        const what =
          failure === 'damaged'
            ? 'request failed: database damaged, restore the last backup (docs/operations.md, Backups)'
            : 'request failed';
        logger.error(what, {
          requestId: ctx.state.requestId,
          method: ctx.method,
          path: ctx.path,
          error:
            err instanceof Error
              ? { name: err.name, message: err.message, stack: err.stack }
              : String(err),
        });
      }
      const locale = ctx.state.locale ?? 'es';
      const { issues, messageKey, params, headers } = error;
      ctx.status = error.status;
      for (const [name, value] of Object.entries(headers)) ctx.set(name, value);
      ctx.body = {
        detail: issues
          ? issues.map((issue) => ({
              loc: issue.loc,
              msg: t(locale, issue.msg, issue.params),
              type: issue.type,
            }))
          : t(locale, messageKey, params),
        code: error.code,
      };
    }
  };
}

/** What a body parser's own 4xx (koa-body, raw-body) becomes; any other 4xx is a bad request. */
const PARSER_ERRORS: Record<number, DomainError> = {
  401: unauthorized(),
  403: forbidden(),
  404: notFound(),
  413: payloadTooLarge(),
  415: new DomainError('unsupported_media', 'unsupported_media_type'),
};

/**
 * What a caller's own error (a 4xx: a body that cannot be read, is too large or in a form the
 * call does not take) answers, for a route that shows it as a page; null for any other failure,
 * which is this middleware's to answer (and log).
 */
export function clientAnswerOf(err: unknown): ErrorAnswer | null {
  const failure = databaseFailureOf(err);
  if (failure !== null) return null;
  const answer = answerOfAny(err, failure);
  return answer.status < 500 ? answer : null;
}

function answerOfAny(err: unknown, failure: ReturnType<typeof databaseFailureOf>): ErrorAnswer {
  if (err instanceof DomainError || err instanceof HttpError) return answerOf(err);
  if (failure === 'busy') return answerOf(unavailable('service_unavailable', 2));
  if (failure === 'unavailable') return answerOf(databaseUnavailable());
  const e = err as { status?: unknown; type?: unknown; code?: unknown };
  if (e && typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
    const status = e.type === 'entity.too.large' ? 413 : e.status;
    return answerOf(PARSER_ERRORS[status] ?? badRequest());
  }
  return answerOf(new HttpError(500, 'internal_error'));
}
