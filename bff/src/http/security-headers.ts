import type Koa from 'koa';
import koaHelmet from 'koa-helmet';

const noop = async () => {};

/**
 * The security checklist's headers, set by helmet (through koa-helmet) with our policies as its
 * configuration. Pages (the web app, the sandbox gateway's card page) get the page policy; JSON
 * answers the strictest one, since data loads nothing and is never framed. The choice is made on
 * the way out, once the body tells a page from data. `formTargets` are the origins the payment
 * form may post to (the card gateway). HSTS only when the portal is served over HTTPS.
 */
export function securityHeaders(options: {
  https: boolean;
  formTargets: string[];
}): (ctx: Koa.Context, answer: { json: boolean; api: boolean }) => Promise<void> {
  const common = {
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    strictTransportSecurity: options.https
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    xFrameOptions: { action: 'deny' as const },
  };
  const forData = koaHelmet({
    ...common,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  const forPages = koaHelmet({
    ...common,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // blob: the staff's review queue shows a resident's photographed proof from the bytes it
        // fetched with the staff token (never a URL of the portal's origin that could run it)
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'", ...options.formTargets],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
      },
    },
    // the card gateway's page may open the bank's 3-D Secure window
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  return async (ctx, { json, api }) => {
    // a download that set its own, stricter policy (a resident's document: `sandbox`) keeps it
    const own = ctx.response.get('Content-Security-Policy');
    await (json ? forData : forPages)(ctx, noop);
    if (own) ctx.set('Content-Security-Policy', own);
    // helmet has no Permissions-Policy; a page asks for none of these
    if (!json)
      ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    // an answer that says itself how it may be cached keeps that (the catalogue); errors never
    if (api && (ctx.status >= 400 || !ctx.response.get('Cache-Control')))
      ctx.set('Cache-Control', 'no-store');
  };
}
