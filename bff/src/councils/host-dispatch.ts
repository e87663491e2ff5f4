import type { IncomingMessage, ServerResponse } from 'node:http';
import { pickLocale, t } from '../i18n/index.js';
import { requestHost } from './council-folders.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** What the dispatch needs of a council of the deployment (deployment.ts). */
export type DispatchedCouncil = { hosts: string[] } & (
  { state: 'serving'; handle: Handler } | { state: 'refused' }
);

/** Seconds a client waits before asking a refused council again. */
const REFUSED_RETRY_AFTER_SECONDS = 300;

/**
 * The one request handler of a deployment serving several councils: a request is served by the
 * app of the council whose host it names (the Host header, or behind TRUST_PROXY proxies the
 * X-Forwarded-Host value the outermost trusted proxy wrote). Nothing of a council is reached from
 * another's host: each app has its own database, keys and state. An unknown host answers a plain
 * 404 (a page naming no council, or for /api/ the error `unknown_council`); a refused council's
 * hosts a 503 (`council_unavailable`). GET /api/health answers for the process on any host that is
 * no council's (a load balancer's check by address), and /metrics (`metrics`) every council's
 * figures at once.
 */
export function hostDispatch(options: {
  councils: DispatchedCouncil[];
  trustProxy: number;
  metrics: Handler | null;
}): Handler {
  const byHost = new Map<string, DispatchedCouncil>();
  for (const council of options.councils) {
    for (const host of council.hosts) byHost.set(host, council);
  }
  return (req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0] ?? '/';
    if (path === '/metrics' && options.metrics) return options.metrics(req, res);
    const council = byHost.get(forwardedHost(req, options.trustProxy) ?? '');
    if (council?.state === 'serving') return council.handle(req, res);
    const api = path === '/api' || path.startsWith('/api/');
    if (!council && api && req.method === 'GET' && path === '/api/health') {
      return answer(res, 200, 'json', JSON.stringify({ status: 'ok', version: VERSION }));
    }
    const status = council ? 503 : 404;
    const code = council ? 'council_unavailable' : 'unknown_council';
    if (council) res.setHeader('Retry-After', String(REFUSED_RETRY_AFTER_SECONDS));
    if (api) {
      const locale = pickLocale(req.headers['accept-language']);
      return answer(res, status, 'json', JSON.stringify({ detail: t(locale, code), code }));
    }
    return answer(res, status, 'html', page(code));
  };
}

const VERSION = process.env.npm_package_version ?? '1.0.0';

/**
 * The host a request names: Host, or behind `trustProxy` proxies the X-Forwarded-Host value the
 * outermost of them appended (that many from the right; a value further left is the client's own
 * and never taken, as for X-Forwarded-For). Koa itself would take the leftmost.
 */
export function forwardedHost(req: IncomingMessage, trustProxy: number): string | null {
  const forwarded = req.headers['x-forwarded-host'];
  if (trustProxy > 0 && forwarded) {
    const values = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded)
      .split(',')
      .map((value) => value.trim())
      .filter((value) => value !== '');
    const taken = values[Math.max(0, values.length - trustProxy)];
    if (taken) return requestHost(taken);
  }
  return requestHost(req.headers.host);
}

function answer(res: ServerResponse, status: number, type: 'json' | 'html', body: string): void {
  res.statusCode = status;
  res.setHeader(
    'Content-Type',
    type === 'json' ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
  );
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  );
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.end(body);
}

/** A page naming no council, in the three languages at once (nothing says which one the caller reads). */
function page(code: 'unknown_council' | 'council_unavailable'): string {
  const titles = { es: t('es', code), en: t('en', code), gl: t('gl', code) };
  const paragraphs = (['es', 'gl', 'en'] as const)
    .map((lang) => `<p lang="${lang}">${escapeHtml(titles[lang])}</p>`)
    .join('\n');
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(titles.es)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1a1a1a;line-height:1.5}</style>
</head>
<body><main>
<h1>${code === 'unknown_council' ? '404' : '503'}</h1>
${paragraphs}
</main></body>
</html>
`;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
