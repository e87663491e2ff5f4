import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { SignedFields } from './redsys-signer.js';

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

const isLocalhost = (hostname: string) => {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost');
};

/**
 * Name resolution as a browser does it: the system's resolver first (so /etc/hosts, or compose's
 * `extra_hosts`, still decides), and a `localhost` or `*.localhost` name it does not know is this
 * machine (RFC 6761, 6.3), as every browser takes it, so the sandbox bank reaches a council of a
 * deployment on `nigran.localhost` as the browser that paid did.
 */
function loopbackLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, options, ((err, address, family) => {
    if (err && isLocalhost(hostname)) {
      if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
      else callback(null, '127.0.0.1', 4);
      return;
    }
    callback(err, address, family);
  }) as (
    err: NodeJS.ErrnoException | null,
    address: string | LookupAddress[],
    family: number,
  ) => void);
}

/**
 * Posts a notification form to a merchant URL over real HTTP, as the bank's server would.
 * Returns the HTTP status, or null when the server could not be reached in time.
 */
export async function postNotification(
  url: string,
  fields: SignedFields,
  timeoutMs = 10_000,
): Promise<number | null> {
  const body = new URLSearchParams({ ...fields }).toString();
  const send = new URL(url).protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(
      url,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': Buffer.byteLength(body),
        },
        lookup: loopbackLookup as never,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? null));
        res.on('error', () => resolve(null));
      },
    );
    req.on('error', () => resolve(null));
    req.end(body);
  });
}
