import type { components } from '../../../lib/api/schema.gen';

export type Schemas = components['schemas'];

/** What every admin call resolves to: the data, or the status and the server's error body. */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; error: unknown };

interface FetchOutcome<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * Turns an openapi-fetch call into an ApiResult. A network failure or the 15 s timeout (the
 * client throws) becomes status 0 with no server error, so screens show their fallback message.
 */
export async function toResult<T>(call: Promise<FetchOutcome<T>>): Promise<ApiResult<T>> {
  try {
    const { data, error, response } = await call;
    if (response.ok) return { ok: true, data: data as T };
    return { ok: false, status: response.status, error };
  } catch {
    return { ok: false, status: 0, error: undefined };
  }
}
