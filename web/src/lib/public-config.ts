import { callApi } from './api/call-rules';
import type { components } from './api/schema.gen';

export type PublicConfig = components['schemas']['PublicConfig'];

/** How long one answer of GET /config serves every part of the page that asks. */
const SHARED_FOR_MS = 10_000;
let shared: { at: number; answer: Promise<PublicConfig> } | null = null;

/**
 * GET /config (public), asked once for the page: the maintenance gate (in the entry chunk, before
 * any query library) and the dashboard both need it as the page opens. An answer older than a few
 * seconds, or a failed one, is asked again.
 */
export function readPublicConfig(): Promise<PublicConfig> {
  if (shared && Date.now() - shared.at < SHARED_FOR_MS) return shared.answer;
  // not through the typed client: the entry chunk has none (api/call-rules.ts)
  const answer = callApi<PublicConfig>('GET', '/config').then(({ data }) => {
    if (!data) throw new Error('config could not be loaded');
    return data;
  });
  const entry = { at: Date.now(), answer };
  shared = entry;
  answer.catch(() => {
    if (shared === entry) shared = null;
  });
  return answer;
}

/** Forgets the shared answer (tests: each starts from a page that asked nothing yet). */
export function forgetPublicConfig(): void {
  shared = null;
}
