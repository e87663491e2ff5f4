import { clearToken, getToken } from '../session';
import type { paths } from './schema.gen';

/**
 * What every call to the API does (the bearer token, the language, a 15 s timeout, the 401 rule),
 * without the typed client: the first screen's own calls (the public configuration, login,
 * logout) go through `callApi` here, so `/login` loads no openapi-fetch (its 3.9 KB gzip took the
 * page past its budget: bench/web-size.mjs). Every other call uses `api` (client.ts), which
 * applies these same rules as its middleware.
 */
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

/**
 * What else changes a request as it leaves (development only: QA's chosen mock examples, see
 * dev/install-mock-scenarios.tsx); the typed client gets the same through its own middleware.
 */
const requestHooks: ((request: Request) => Request)[] = [];
export function addRequestHook(hook: (request: Request) => Request): void {
  requestHooks.push(hook);
}

/** The request as it leaves: bearer token, language, timeout; the skip flag kept aside. */
export function sessionRequest(request: Request): Request {
  const token = getToken();
  const headers = new Headers(request.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  headers.set('Accept-Language', currentLocale);
  const skip = headers.has(SKIP_AUTH_REDIRECT);
  headers.delete(SKIP_AUTH_REDIRECT);
  const next = new Request(request, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (skip) skipRedirect.add(next);
  return next;
}

/** A 401 ends the session and goes to /login, unless the call said its 401 is an answer. */
export function sessionResponse(request: Request, response: Response): Response {
  if (response.status === 401 && !skipRedirect.has(request)) {
    clearToken();
    onUnauthorized();
  }
  return response;
}

/** The API's base address; absolute, because Request() outside a browser takes no relative URL. */
export const apiBaseUrl = () => new URL('/api', window.location.origin).href;

/**
 * One call under the rules above, answered as the typed client answers (`data` on a 2xx, the
 * parsed `error` body otherwise); a network failure rejects. For the first screen's few calls.
 */
export async function callApi<T>(
  method: 'GET' | 'POST',
  path: keyof paths,
  init: { body?: string; headers?: Record<string, string>; keepalive?: boolean } = {},
): Promise<{ data?: T; error?: unknown; response: Response }> {
  const request = requestHooks.reduce(
    (outgoing, hook) => hook(outgoing),
    sessionRequest(
      new Request(`${apiBaseUrl()}${path}`, {
        method,
        headers: {
          ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...init.headers,
        },
        body: init.body,
        keepalive: init.keepalive,
      }),
    ),
  );
  // looked up per call so tests (and the mock) can replace fetch
  const response = sessionResponse(request, await globalThis.fetch(request));
  const text = response.status === 204 ? '' : await response.text();
  const body = parsed(text);
  return response.ok ? { data: body as T, response } : { error: body, response };
}

/** A body's JSON, its text when it is not JSON, undefined when empty (as openapi-fetch reads it). */
function parsed(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

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
