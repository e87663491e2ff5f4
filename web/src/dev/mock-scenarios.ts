import type { Middleware } from 'openapi-fetch';

/**
 * Development against the Prism mock only (`npm run dev:mock`): QA picks which of the contract's
 * examples a call answers with, from the address bar, without touching code. Each
 * `?mock=<METHOD> <path>|<Prefer header>` (e.g. `?mock=POST /user/login|code=401,
 * example=invalid_credentials`) adds that Prefer header to every later call of that operation in
 * this tab, until `?mock=off`. The table of every error state is in docs/qa-with-prism.md.
 */
export interface MockScenario {
  method: string;
  /** As openapi.yaml writes it, e.g. /user/persons/{id}. */
  path: string;
  prefer: string;
}

const STORAGE_KEY = 'mock-scenarios';

/** The scenarios an address asks for (none for a malformed one), or 'off'. */
export function scenariosFromSearch(search: string): MockScenario[] | 'off' | null {
  const values = new URLSearchParams(search).getAll('mock');
  if (values.length === 0) return null;
  if (values.includes('off')) return 'off';
  return values.flatMap((value) => {
    const match = /^(GET|POST|PUT|PATCH|DELETE) (\/\S*)\|(.+)$/i.exec(value.trim());
    return match
      ? [{ method: match[1]!.toUpperCase(), path: match[2]!, prefer: match[3]!.trim() }]
      : [];
  });
}

/** The Prefer header for a request to the mock (path without the /api base), if QA chose one. */
export function preferFor(
  scenarios: readonly MockScenario[],
  method: string,
  path: string,
): string | null {
  const found = scenarios.find(
    (scenario) =>
      scenario.method === method &&
      new RegExp(`^${scenario.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
  );
  return found?.prefer ?? null;
}

export function rememberedScenarios(storage: Storage): MockScenario[] {
  try {
    return JSON.parse(storage.getItem(STORAGE_KEY) ?? '[]') as MockScenario[];
  } catch {
    return [];
  }
}

/** Reads ?mock= from the address (kept for the tab), and returns the middleware that applies it. */
export function mockScenarioMiddleware(location: Location, storage: Storage): Middleware {
  const asked = scenariosFromSearch(location.search);
  if (asked === 'off') storage.removeItem(STORAGE_KEY);
  else if (asked) storage.setItem(STORAGE_KEY, JSON.stringify(asked));
  return {
    onRequest({ request }) {
      return withPrefer(request, storage) ?? undefined;
    },
  };
}

/** The request with QA's Prefer header for its call, or null when none was chosen for it. */
export function withPrefer(request: Request, storage: Storage): Request | null {
  const path = new URL(request.url).pathname.replace(/^\/api/, '');
  const prefer = preferFor(rememberedScenarios(storage), request.method, path);
  if (!prefer) return null;
  const headers = new Headers(request.headers);
  headers.set('Prefer', prefer);
  return new Request(request, { headers });
}
