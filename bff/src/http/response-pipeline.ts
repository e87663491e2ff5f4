import type Koa from 'koa';
import type { Logger } from '../logger.js';
import { compression } from './compression.js';
import type { AppState } from './context.js';
import { errorMiddleware } from './error-middleware.js';
import { serialiseJsonBody } from './json-body.js';
import { accessLog, beginRequest } from './request-context.js';
import { responseValidation, type ResponseValidationMode } from './response-validation.js';
import { securityHeaders } from './security-headers.js';
import type { Metrics } from '../lib/metrics.js';
import { observeRequest } from './metrics-endpoint.js';

/**
 * What every call goes through, in this order: request id and language; the routes, with any
 * failure turned into the error shape; the contract check (when on); JSON serialisation; the
 * security headers; compression; the access log and the request metrics.
 *
 * One layer that calls these steps in turn, not one Koa middleware each: every layer costs
 * every call a promise, a closure and Koa's delegated getters, a large share of a resident's call
 * (docs/performance.md).
 */
export function responsePipeline(options: {
  logger: Logger;
  https: boolean;
  /** Origins the payment form may post to (the card gateway). */
  formTargets: string[];
  responseValidation: ResponseValidationMode;
  metrics: Metrics;
  /** A call met a database that cannot be reached or written. */
  onDatabaseUnavailable?: () => void;
  /** The process's own calls (warm-up): neither logged nor counted. */
  ownCall?: (ctx: Koa.Context) => boolean;
}): Koa.Middleware<AppState> {
  const handleErrors = errorMiddleware(options.logger, options.onDatabaseUnavailable);
  const checkContract = responseValidation(options.responseValidation, options.logger);
  const setSecurityHeaders = securityHeaders(options);
  const compress = compression();
  const logAccess = accessLog(options.logger);
  return async (ctx, next) => {
    const startedMs = performance.now();
    beginRequest(ctx);
    try {
      await handleErrors(ctx, next);
      checkContract?.(ctx);
      const { response } = ctx;
      const json = serialiseJsonBody(response);
      const api = ctx.request.path.startsWith('/api');
      // a 304 has no body to tell data from a page by: the API's stands for its JSON (catalogue)
      setSecurityHeaders(ctx, { json: json || (api && response.status === 304), api });
      const compressing = compress(ctx);
      if (compressing) await compressing;
    } finally {
      if (!options.ownCall?.(ctx)) {
        logAccess?.(ctx, startedMs);
        observeRequest(options.metrics, ctx, startedMs);
      }
    }
  };
}
