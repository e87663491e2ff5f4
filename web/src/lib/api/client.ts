import createClient, { type Middleware } from 'openapi-fetch';
import { apiBaseUrl, sessionRequest, sessionResponse } from './call-rules';
import type { paths } from './schema.gen';

export {
  REQUEST_TIMEOUT_MS,
  SKIP_AUTH_REDIRECT,
  setApiLocale,
  setUnauthorizedHandler,
  detailMessage,
} from './call-rules';

/** Bearer token, language, 15 s timeout and the 401 rule, for every call in one place. */
const sessionMiddleware: Middleware = {
  onRequest: ({ request }) => sessionRequest(request),
  onResponse: ({ request, response }) => sessionResponse(request, response),
};

export const api = createClient<paths>({
  baseUrl: apiBaseUrl(),
  // looked up per call so tests (and the mock) can replace fetch
  fetch: (request) => globalThis.fetch(request),
});
api.use(sessionMiddleware);
