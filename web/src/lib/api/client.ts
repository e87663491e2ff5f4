import createClient, { type Middleware } from 'openapi-fetch';
import { clearToken, getToken } from '../session';
import type { paths } from './schema.gen';

export const REQUEST_TIMEOUT_MS = 15_000;
/** Sent by calls (like login) whose 401 is an answer to show, not an expired session. */
export const SKIP_AUTH_REDIRECT = 'X-Skip-Auth-Redirect';

let currentLocale = 'es';
let onUnauthorized: () => void = () => {
  window.location.assign('/login');
};

export function setApiLocale(locale: string): void {
  currentLocale = locale;
}

/** The app registers how to go to /login (the router's navigate) once it has a router. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

const skipRedirect = new WeakSet<Request>();

/** Bearer token, language, 15 s timeout and the 401 rule, for every call in one place. */
const sessionMiddleware: Middleware = {
  onRequest({ request }) {
    const token = getToken();
    const headers = new Headers(request.headers);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    headers.set('Accept-Language', currentLocale);
    const skip = headers.has(SKIP_AUTH_REDIRECT);
    headers.delete(SKIP_AUTH_REDIRECT);
    const next = new Request(request, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    if (skip) skipRedirect.add(next);
    return next;
  },
  onResponse({ request, response }) {
    if (response.status === 401 && !skipRedirect.has(request)) {
      clearToken();
      onUnauthorized();
    }
    return response;
  },
};

// absolute, because Request() outside a browser does not accept a relative URL
export const api = createClient<paths>({
  baseUrl: new URL('/api', window.location.origin).href,
  // looked up per call so tests (and the mock) can replace fetch
  fetch: (request) => globalThis.fetch(request),
});
api.use(sessionMiddleware);

type Detail = string | { msg?: string }[] | undefined;

/** The server's `detail` as the spec shows it (an array becomes its msgs joined by a space), else the fallback. */
export function detailMessage(error: unknown, fallback: string): string {
  const detail = (error as { detail?: Detail } | undefined)?.detail;
  if (typeof detail === 'string' && detail.trim() !== '') return detail;
  if (Array.isArray(detail)) {
    const text = detail
      .map((item) => item?.msg)
      .filter(Boolean)
      .join(' ');
    if (text) return text;
  }
  return fallback;
}
