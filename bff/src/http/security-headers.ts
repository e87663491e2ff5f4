import type Koa from 'koa';

const HSTS = 'max-age=31536000; includeSubDomains';
const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/** A JSON answer loads nothing and is never a page: it may not even be framed. */
const JSON_CSP = "default-src 'none'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'";

/**
 * Headers of the security checklist on every response. Pages (the web app, the sandbox gateway)
 * get the full set; JSON answers get the part that means something for data, which spares every
 * API call three headers and the long policy. `formTargets` are the origins the payment form may
 * post to (the card gateway). Set on the way out, once the body tells a page from data.
 */
export function securityHeaders(options: {
  https: boolean;
  formTargets: string[];
}): (response: Koa.Response, answer: { json: boolean; api: boolean }) => void {
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
  return (response, { json, api }) => {
    if (json) {
      response.set('Content-Security-Policy', JSON_CSP);
    } else {
      response.set('Content-Security-Policy', pageCsp);
      response.set('X-Frame-Options', 'DENY');
      response.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
      response.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    }
    response.set('X-Content-Type-Options', 'nosniff');
    response.set('Referrer-Policy', REFERRER_POLICY);
    if (options.https) response.set('Strict-Transport-Security', HSTS);
    if (api) response.set('Cache-Control', 'no-store');
  };
}
