import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { localhostLookup } from './localhost-lookup.js';
import type { SignedFields } from './redsys-signer.js';

/**
 * Posts a notification form to a merchant URL over real HTTP, as the bank's server would.
 * Returns the HTTP status, or null when the server could not be reached in time.
 *
 * A council of a deployment serving several is addressed by its host name
 * (councils/host-dispatch.ts), in development often a `*.localhost` one: localhost-lookup.ts
 * finds it on this machine, as browsers do.
 */
export async function postNotification(
  url: string,
  fields: SignedFields,
  timeoutMs = 10_000,
): Promise<number | null> {
  const target = new URL(url);
  const body = new URLSearchParams({ ...fields }).toString();
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = request(
      target,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': Buffer.byteLength(body),
        },
        lookup: localhostLookup,
      },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? null));
        res.on('error', () => done(null));
      },
    );
    // the whole exchange, not only a quiet socket, has its time
    const timer = setTimeout(() => req.destroy(), timeoutMs);
    const done = (status: number | null) => {
      clearTimeout(timer);
      resolve(status);
    };
    req.on('error', () => done(null));
    req.end(body);
  });
}
