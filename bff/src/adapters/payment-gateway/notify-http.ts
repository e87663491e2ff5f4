import type { SignedFields } from './redsys-signer.js';

/**
 * Posts a notification form to a merchant URL over real HTTP, as the bank's server would.
 * Returns the HTTP status, or null when the server could not be reached in time.
 */
export async function postNotification(
  url: string,
  fields: SignedFields,
  timeoutMs = 10_000,
): Promise<number | null> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields }).toString(),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return null;
  }
}
