import type Koa from 'koa';
import type { AppState } from './context.js';
import { isJsonBody } from './json-body.js';

const HSTS = 'max-age=31536000; includeSubDomains';
const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/** A JSON answer loads nothing and is never a page: it may not even be framed. */
const JSON_CSP = "default-src 'none'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'";

/**
 * Headers of the security checklist on every response. Pages (the web app, the sandbox gateway)
 * get the full set; JSON answers get the part that means something for data, which spares every
 * API call three headers and the long policy. `formTargets` are the origins the payment form may
 * post to (the card gateway).
 *
 * Set on the way out, once the body tells a page from data, so it must sit inside `jsonBody`,
 * while the body is still an object.
 */
export function securityHeaders(options: {
  https: boolean;
  formTargets: string[];
}): Koa.Middleware<AppState> {
  const pageCsp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    `form-action 'self' ${options.formTargets.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
  return async (ctx, next) => {
    await next();
    if (isJsonBody(ctx.body)) {
      ctx.set('Content-Security-Policy', JSON_CSP);
    } else {
      ctx.set('Content-Security-Policy', pageCsp);
      ctx.set('X-Frame-Options', 'DENY');
      ctx.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
      ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    }
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', REFERRER_POLICY);
    if (options.https) ctx.set('Strict-Transport-Security', HSTS);
    if (ctx.path.startsWith('/api')) ctx.set('Cache-Control', 'no-store');
  };
}
