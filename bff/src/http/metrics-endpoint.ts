import { timingSafeEqual } from 'node:crypto';
import type Koa from 'koa';
import type { Metrics } from '../lib/metrics.js';
import type { AppState } from './context.js';
import { notFound, unauthorized } from '../services/errors.js';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics in Prometheus' text format, for a scraper that sends `Authorization: Bearer
 * <METRICS_TOKEN>`. Without METRICS_TOKEN the address does not exist (404).
 */
export function metricsEndpoint(token: string | null, metrics: Metrics): Koa.Middleware<AppState> {
  const serve = async (ctx: Koa.ParameterizedContext<AppState>) => {
    if (!token || ctx.method !== 'GET') throw notFound();
    const given = /^Bearer\s+(\S+)$/i.exec(ctx.get('Authorization'))?.[1] ?? '';
    if (!sameSecret(given, token)) throw unauthorized();
    ctx.type = metrics.registry.contentType;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await metrics.registry.metrics();
  };
  // every other call passes straight on: no promise of its own on the way
  return (ctx, next) => (ctx.path === '/metrics' ? serve(ctx) : next());
}

/** Counts and times every answered call by its route pattern (never the raw path: no ids). */
export function observeRequest(metrics: Metrics, ctx: Koa.Context, startedMs: number): void {
  const matched = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
  const route =
    typeof matched === 'string'
      ? matched
      : ctx.path === '/metrics'
        ? '/metrics'
        : ctx.path.startsWith('/api')
          ? 'unmatched'
          : 'web';
  const labels = { method: ctx.method, route, status: String(ctx.status) };
  metrics.httpRequests.inc(labels);
  metrics.httpDuration.observe(labels, (performance.now() - startedMs) / 1000);
}
