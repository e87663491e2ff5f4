import { http, HttpResponse } from 'msw';
import { exampleAnswer, findCall } from './contract-examples';

/** A lost connection rather than an answer (the contract has no example for that). */
export const NETWORK_ERROR = 'network-error';

/**
 * Which example each call answers with, by "METHOD /path" as openapi.yaml writes it: an
 * example's name, NETWORK_ERROR, or a function of the path parameters (a person's activities).
 * Calls not named answer their first success example.
 */
export type Scenario = Record<
  string,
  string | ((params: Record<string, string>, request: Request) => string | undefined)
>;

/**
 * The portal's API: paths under /api/ at the origin's root, and nothing else. Vite's dev server
 * serves the app's own modules by path too (`/@fs/…/features/account/api/use-me.ts`), and those
 * must reach Vite, not the mock.
 */
export const API_CALL = /^[a-z][a-z\d+.-]*:\/\/[^/]+\/api\//i;

/**
 * One MSW handler for every /api call of the contract, answering from its examples: the layer
 * under test is the whole web app, down to fetch. A call the contract lacks answers 404.
 */
export function contractHandlers(scenario: Scenario = {}) {
  return [
    http.all(API_CALL, ({ request }) => {
      const url = new URL(request.url);
      const found = findCall(request.method, url.pathname.replace(/^\/api/, ''));
      if (!found) {
        return HttpResponse.json({ detail: 'No encontrado.', code: 'not_found' }, { status: 404 });
      }
      const choice = scenario[found.call];
      const name = typeof choice === 'function' ? choice(found.params, request) : choice;
      if (name === NETWORK_ERROR) return HttpResponse.error();
      const answer = exampleAnswer(found.call, name);
      if (answer.status === 204 || answer.contentType === null) {
        return new HttpResponse(null, { status: answer.status, headers: answer.headers });
      }
      const json = answer.contentType.includes('json');
      return new HttpResponse(json ? JSON.stringify(answer.body) : String(answer.body ?? ''), {
        status: answer.status,
        headers: { 'Content-Type': answer.contentType, ...answer.headers },
      });
    }),
  ];
}
