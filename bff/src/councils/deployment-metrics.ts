import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AggregatorRegistry, Registry } from 'prom-client';
import type { Config } from '../config.js';
import { processMetrics } from '../lib/metrics.js';

/**
 * GET /metrics of a deployment serving several councils: the process's own figures (memory,
 * event loop, build: once) and every council's, each labelled `council="<id>"` (their
 * registries' default label), in one answer. prom-client's `Registry.merge` refuses two metrics
 * of one name, which every council has; its cluster aggregator joins them by name and label
 * set instead, and no two councils share a label set. Behind METRICS_TOKEN as for one council;
 * null (no /metrics: 404 like an unknown address) without it.
 */
export function deploymentMetrics(
  config: Pick<Config, 'metricsToken' | 'build'>,
  councils: Registry[],
): ((req: IncomingMessage, res: ServerResponse) => void) | null {
  const token = config.metricsToken;
  if (token === null) return null;
  const process = new Registry();
  processMetrics(process, config.build);
  return (req, res) => {
    const given = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const refuse = (status: number) => {
      res.statusCode = status;
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.end(
        JSON.stringify({
          detail: status === 404 ? 'Not found.' : 'Not authenticated.',
          code: status === 404 ? 'not_found' : 'not_authenticated',
        }),
      );
    };
    if (req.method !== 'GET') return refuse(404);
    if (!sameSecret(given, token)) return refuse(401);
    void joined(process, councils).then(
      (text) => {
        res.statusCode = 200;
        res.setHeader('Content-Type', process.contentType);
        res.setHeader('Cache-Control', 'no-store');
        res.end(text);
      },
      () => refuse(500),
    );
  };
}

async function joined(process: Registry, councils: Registry[]): Promise<string> {
  const all = await Promise.all([process, ...councils].map((r) => r.getMetricsAsJSON()));
  return AggregatorRegistry.aggregate(all).metrics();
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
