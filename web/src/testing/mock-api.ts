import { http, HttpResponse } from 'msw';
import { API_CALL } from '../stories-support/contract-handlers';
import { apiServer } from './api-server';

export { fakeToken } from './fake-token';

export interface MockResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** The connection fails instead of answering (fetch rejects). */
  networkError?: boolean;
}

type Handler =
  MockResponse | ((request: Request, body: unknown) => MockResponse | Promise<MockResponse>);

export interface RecordedCall {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

/**
 * Answers the API's calls, through MSW (testing/api-server.ts), with handlers keyed by
 * "METHOD /api/path" (query string ignored). Unknown calls answer 404 in the contract's error
 * shape. Returns the calls made, for assertions on payloads. Use the contract's shapes for bodies
 * (see openapi.yaml examples). Without mockApi, a test's calls get the contract's examples.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  apiServer.use(
    http.all(API_CALL, async ({ request }) => {
      const url = new URL(request.url);
      const text = request.method === 'GET' ? '' : await request.clone().text();
      const body = parseBody(text);
      calls.push({
        method: request.method,
        path: url.pathname + url.search,
        headers: request.headers,
        body,
      });
      const handler = handlers[`${request.method} ${url.pathname}`];
      const answer: MockResponse = !handler
        ? { status: 404, body: { detail: 'No encontrado.', code: 'not_found' } }
        : typeof handler === 'function'
          ? await handler(request, body)
          : handler;
      if (answer.networkError) return HttpResponse.error();
      const status = answer.status ?? 200;
      return new HttpResponse(status === 204 ? null : JSON.stringify(answer.body ?? null), {
        status,
        headers: { 'Content-Type': 'application/json', ...answer.headers },
      });
    }),
  );
  return { calls };
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return Object.fromEntries(new URLSearchParams(text));
  }
}

const foldText = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * A list call as the server answers it (see openapi.yaml): `q` keeps the rows one of whose
 * `fields` contains it (case and accents ignored), `page`/`page_size` cut one page, and
 * X-Total-Count says how many matched. Without paging parameters, the whole (searched) list.
 */
export function serverList<T>(
  rows: readonly T[],
  fields: (row: T) => (string | null | undefined)[],
) {
  return (request: Request): MockResponse => {
    const params = new URL(request.url).searchParams;
    const q = foldText(params.get('q')?.trim() ?? '');
    const matching = q
      ? rows.filter((row) => fields(row).some((field) => field && foldText(field).includes(q)))
      : [...rows];
    const paged = params.has('page') || params.has('page_size');
    const page = Number(params.get('page') ?? 1);
    const size = Number(params.get('page_size') ?? 10);
    return {
      body: paged ? matching.slice((page - 1) * size, page * size) : matching,
      headers: { 'X-Total-Count': String(matching.length) },
    };
  };
}
