import type Koa from 'koa';
import helmet, { type HelmetOptions } from 'helmet';

/** A header helmet sets ([name, value]) or removes ([name, null]). */
type HeaderStep = readonly [name: string, value: string | null];

/**
 * The security checklist's headers, chosen by helmet with our policies as its configuration.
 * Pages (the web app, the sandbox gateway's card page) get the page policy; JSON answers the
 * strictest one, since data loads nothing and is never framed. The choice is made on the way
 * out, once the body tells a page from data. `formTargets` are the origins the payment form may
 * post to (the card gateway). HSTS only when the portal is served over HTTPS.
 *
 * Our policies depend on nothing in the call, so helmet runs once per policy, at start, and each
 * call sets the headers it chose (helmet as middleware cost every call a dozen middlewares and a
 * promise: docs/performance.md, *The response pipeline*).
 */
export function securityHeaders(options: {
  https: boolean;
  formTargets: string[];
}): (ctx: Koa.Context, answer: { json: boolean; api: boolean }) => void {
  const common = {
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    strictTransportSecurity: options.https
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    xFrameOptions: { action: 'deny' as const },
  };
  const forData = helmetHeaders({
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
  const forPages = helmetHeaders({
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
    // helmet has no Permissions-Policy; a page asks for none of these
  }).concat([['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()']]);
  return (ctx, { json, api }) => {
    const res = ctx.res;
    // a download that set its own, stricter policy (a resident's document: `sandbox`) keeps it
    const own = res.getHeader('Content-Security-Policy');
    for (const [name, value] of json ? forData : forPages) {
      if (value === null) res.removeHeader(name);
      else if (!(own !== undefined && name === 'Content-Security-Policy'))
        res.setHeader(name, value);
    }
    // an answer that says itself how it may be cached keeps that (the catalogue); errors never
    if (api && (ctx.status >= 400 || !res.hasHeader('Cache-Control')))
      res.setHeader('Cache-Control', 'no-store');
  };
}

/**
 * The headers helmet sets for these options, in its order, found by running it once on a
 * response that only records them. Throws if helmet ever needs the call (a policy computed per
 * request, or an asynchronous step): then it must run per call again.
 */
function helmetHeaders(options: HelmetOptions): HeaderStep[] {
  const steps: HeaderStep[] = [];
  const recorder = {
    setHeader(name: string, value: unknown) {
      steps.push([name, String(value)]);
    },
    removeHeader(name: string) {
      steps.push([name, null]);
    },
  };
  let done = false;
  const call = new Proxy(
    {},
    {
      get() {
        throw new Error('helmet read the request: its headers cannot be computed once');
      },
    },
  );
  helmet(options)(call as never, recorder as never, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    done = true;
  });
  if (!done) throw new Error('helmet did not finish at once: its headers cannot be computed once');
  return steps;
}
