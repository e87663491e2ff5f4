import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postNotification } from '../../src/adapters/payment-gateway/notify-http.js';

/**
 * The sandbox bank posts its notification as a bank's server would. A council of a deployment
 * on `nigran.localhost` (every browser sends *.localhost to this machine, the system's resolver
 * often does not) must get it as the browser that paid reached it: on loopback, its host named.
 */
describe('postNotification', () => {
  const seen: { host: string | undefined; body: string }[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ host: req.headers.host, body });
      res.statusCode = req.headers.host?.startsWith('nigran.localhost') ? 200 : 404;
      res.end('ok');
    });
  });
  let port = 0;
  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((done) => server.close(done)));

  it('reaches a *.localhost council on loopback with its Host, the form as sent', async () => {
    const fields = {
      Ds_SignatureVersion: 'HMAC_SHA256_V1',
      Ds_MerchantParameters: 'e30=',
      Ds_Signature: 'x+y/z=',
    };
    expect(
      await postNotification(`http://nigran.localhost:${port}/api/payments/notification`, fields),
    ).toBe(200);
    expect(seen.at(-1)).toEqual({
      host: `nigran.localhost:${port}`,
      body: new URLSearchParams(fields).toString(),
    });
    expect(await postNotification(`http://localhost:${port}/x`, fields)).toBe(404);
  });

  it('answers null when nothing answers, and leaves other names to the resolver', async () => {
    const fields = {
      Ds_SignatureVersion: 'HMAC_SHA256_V1',
      Ds_MerchantParameters: '',
      Ds_Signature: '',
    };
    expect(
      await postNotification('http://127.0.0.1:1/api/payments/notification', fields),
    ).toBeNull();
    expect(await postNotification('http://no-such-host.invalid/x', fields, 2_000)).toBeNull();
  });
});
