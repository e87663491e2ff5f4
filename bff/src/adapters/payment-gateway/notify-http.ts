import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { SignedFields } from './redsys-signer.js';

/**
 * Posts a notification form to a merchant URL over real HTTP, as the bank's server would.
 * Returns the HTTP status, or null when the server could not be reached in time.
 *
 * Node's HTTP rather than fetch, for one reason: a council of a deployment serving several is
 * addressed by its host name (councils/host-dispatch.ts), and in development that name is often
 * a `*.localhost` one, which browsers take as this machine (RFC 6761 §6.3) and Node's resolver
 * does not; fetch takes no resolver of its own.
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

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * DNS's answer (so /etc/hosts, or compose's `extra_hosts`, still decides), except that a
 * `localhost` or `*.localhost` name the resolver does not know is this machine, as browsers take
 * it.
 */
export function localhostLookup(
  hostname: string,
  options: LookupOptions,
  callback: LookupCallback,
): void {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  const local = name === 'localhost' || name.endsWith('.localhost');
  const answered: LookupCallback = (err, address, family) => {
    if (err && local && name !== 'localhost') {
      dnsLookup('localhost', options, callback as never);
      return;
    }
    callback(err, address, family);
  };
  dnsLookup(hostname, options, answered as never);
}
