import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayUnavailable } from '../../src/adapters/payment-gateway/gateway-client.js';
import { createRedsysClient } from '../../src/adapters/payment-gateway/redsys-client.js';

/**
 * The sandbox bank of a council on `ordes.localhost` (docs/many-councils.md) answers its refunds
 * and status queries at the council's own address. Every browser sends *.localhost to this
 * machine and the system's resolver often does not: the Redsys client must reach it as the
 * sandbox's notification does (notify-http.ts), on loopback with its Host, with no /etc/hosts.
 */
describe('the Redsys client on a *.localhost council', () => {
  const seen: { host: string | undefined; url: string | undefined; body: string }[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ host: req.headers.host, url: req.url, body });
      if (!req.headers.host?.startsWith('ordes.localhost')) {
        res.statusCode = 404;
        res.end('unknown_council');
      } else if (req.url === '/rest') {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ errorCode: 'SIS0057' }));
      } else {
        res.setHeader('Content-Type', 'text/xml');
        const inner =
          '<Messages><Version><Message><ErrorMsg><Ds_ErrorCode>XML0024</Ds_ErrorCode></ErrorMsg></Message></Version></Messages>';
        res.end(
          `<soapenv:Envelope><soapenv:Body><consultaOperacionesReturn>${inner
            .replace(/</g, '&lt;')
            .replace(/>/g, '&gt;')}</consultaOperacionesReturn></soapenv:Body></soapenv:Envelope>`,
        );
      }
    });
  });
  let port = 0;
  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((done) => server.close(done)));

  const client = (host: string) =>
    createRedsysClient({
      merchantCode: '999008881',
      terminal: '1',
      secret: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
      restUrl: `http://${host}:${port}/rest`,
      queryUrl: `http://${host}:${port}/query`,
    });

  it('asks for a refund at the council’s sandbox on loopback, its Host named', async () => {
    const answer = await client('ordes.localhost').refund({
      order: '000000000042',
      amountCents: 1500,
    });
    expect(answer).toMatchObject({ outcome: 'refused', code: 'SIS0057' });
    expect(seen.at(-1)).toMatchObject({ host: `ordes.localhost:${port}`, url: '/rest' });
    expect(JSON.parse(seen.at(-1)!.body)).toHaveProperty('Ds_MerchantParameters');
  });

  it('asks for a payment’s status there too (reconciliation)', async () => {
    expect(await client('ordes.localhost').status('000000000042')).toEqual({ outcome: 'none' });
    expect(seen.at(-1)).toMatchObject({ host: `ordes.localhost:${port}`, url: '/query' });
    // plain localhost reaches this machine as before (here no council answers on it)
    expect(await client('localhost').status('000000000042')).toEqual({ outcome: 'none' });
    expect(seen.at(-1)).toMatchObject({ host: `localhost:${port}`, url: '/query' });
  });

  it('leaves other names to the resolver: one nobody knows is unreachable, nothing sent', async () => {
    const before = seen.length;
    expect(
      await client('no-such-host.invalid').refund({ order: '000000000042', amountCents: 1500 }),
    ).toMatchObject({ outcome: 'refused', code: 'unreachable' });
    await expect(client('no-such-host.invalid').status('000000000042')).rejects.toBeInstanceOf(
      GatewayUnavailable,
    );
    expect(seen.length).toBe(before);
  });
});
