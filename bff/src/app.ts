import Koa from 'koa';
import { koaBody } from 'koa-body';
import type { Deps } from './deps.js';
import type { AppState } from './http/context.js';
import { compression } from './http/compression.js';
import { errorMiddleware } from './http/error-middleware.js';
import { jsonBody } from './http/json-body.js';
import { requestContext } from './http/request-context.js';
import { responseValidation } from './http/response-validation.js';
import { securityHeaders } from './http/security-headers.js';
import { serveSpa } from './http/spa.js';
import { apiRoutes } from './routes/index.js';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** Builds the Koa app; server.ts listens. Tests build it with their own deps. */
export function buildApp(deps: Deps): Koa<AppState> {
  const app = new Koa<AppState>({ proxy: deps.config.trustProxy });
  const https = deps.config.publicUrl.startsWith('https://');
  const gatewayOrigin = new URL(deps.config.redsys.url).origin;

  app.use(requestContext(deps.logger));
  app.use(compression());
  app.use(jsonBody());
  app.use(securityHeaders({ https, formTargets: [gatewayOrigin] }));
  if (deps.config.responseValidation !== 'off') {
    app.use(responseValidation(deps.config.responseValidation, deps.logger));
  }
  app.use(errorMiddleware(deps.logger));
  const parseBody = koaBody({
    json: true,
    urlencoded: true,
    text: false,
    multipart: false,
    jsonLimit: '100kb',
    formLimit: '64kb',
  });
  // koa-body parses only these methods; skipping it elsewhere spares every GET its type checks
  app.use((ctx, next) => (BODY_METHODS.has(ctx.method) ? parseBody(ctx, next) : next()));
  const api = apiRoutes(deps);
  app.use(api.routes);
  app.use(api.allowedMethods);
  app.use(serveSpa(deps.config.webDist));
  return app;
}
