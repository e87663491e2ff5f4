import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';

/*
 * A council of a deployment serving several is addressed by its host name
 * (councils/host-dispatch.ts), and in development that name is often a `*.localhost` one, which
 * browsers take as this machine (RFC 6761 §6.3) and Node's resolver often does not. Its sandbox
 * bank is at that address too: the notification the bank posts (notify-http.ts) and the Redsys
 * client's refunds and status queries (redsys-client.ts) find it through this lookup.
 */

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
