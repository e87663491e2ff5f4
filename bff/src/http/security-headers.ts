import type Koa from 'koa';
import type { AppState } from './context.js';

/**
 * Headers of the security checklist on every response. `formTargets` are the origins the
 * payment form may post to (the card gateway).
 */
export function securityHeaders(options: {
  https: boolean;
  formTargets: string[];
}): Koa.Middleware<AppState> {
  const csp = [
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
    ctx.set('Content-Security-Policy', csp);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (options.https) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (ctx.path.startsWith('/api')) ctx.set('Cache-Control', 'no-store');
    await next();
  };
}
