import Koa from 'koa';
import type { Deps } from './deps.js';
import type { AppState } from './http/context.js';
import { loadShedding } from './http/load-shedding.js';
import { metricsEndpoint } from './http/metrics-endpoint.js';
import { responsePipeline } from './http/response-pipeline.js';
import { serveSpa } from './http/spa.js';
import { apiRoutes } from './routes/index.js';

/** Builds the Koa app; server.ts listens. Tests build it with their own deps. */
export function buildApp(deps: Deps): Koa<AppState> {
  // Koa keeps only the last maxIpsCount X-Forwarded-For values: the ones our proxies appended
  const hops = deps.config.trustProxy;
  const app = new Koa<AppState>({ proxy: hops > 0, maxIpsCount: hops });
  app.use(
    responsePipeline({
      logger: deps.logger,
      https: deps.config.publicHttps,
      formTargets: [new URL(deps.config.redsys.url).origin],
      responseValidation: deps.config.responseValidation,
      metrics: deps.metrics,
      onDatabaseUnavailable: deps.databaseWatch.suspect,
      ownCall: deps.warmUp.isOwnCall,
    }),
  );
  // admission: past a bound, a new resident's call is refused at once (503 server_busy)
  app.use(
    loadShedding({
      bounds: deps.config.shedding,
      databaseWaiting: () => deps.db.waiting(),
      metrics: deps.metrics,
      logger: deps.logger,
      signedIn: async (token) => (await deps.tokens.verify(token)) !== null,
    }),
  );
  app.use(metricsEndpoint(deps.config.metricsToken, deps.metrics));
  const api = apiRoutes(deps);
  app.use(api.routes);
  app.use(api.allowedMethods);
  app.use(serveSpa(deps.config.webDist, deps.config.council));
  // Koa reports errors that happen after the answer started (a stream cut short). A client that
  // goes away mid-answer (a search replaced by the next keystroke) is normal, not an error.
  app.on('error', (err: NodeJS.ErrnoException, ctx?: Koa.Context) => {
    const gone = err.code === 'ERR_STREAM_PREMATURE_CLOSE' || err.code === 'ECONNRESET';
    if (gone && ctx?.req.destroyed) return;
    deps.logger.error('response failed', { path: ctx?.path, error: String(err) });
  });
  return app;
}
