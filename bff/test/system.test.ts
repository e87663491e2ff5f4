import { sql } from 'kysely';
import { get, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getHealth, getPublicConfig, getReadiness } from '../src/generated/sdk.gen.js';
import { zError } from '../src/generated/zod.gen.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';
import { testEngine } from './helpers/test-database.js';
import { migrations } from '../src/data/migrations/index.js';

const LATEST = migrations[migrations.length - 1]!;

describe('system routes', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-21T10:00:00Z' });
  });
  afterAll(() => app.close());

  it('answers liveness without the database, and readiness with it', async () => {
    const { data, response } = await getHealth({ client: app.api, throwOnError: true });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ status: 'ok' });
    const ready = await getReadiness({ client: app.api, throwOnError: true });
    expect(ready.data).toMatchObject({
      status: 'ok',
      database: 'ok',
      engine: testEngine,
      migrations: { applied: LATEST.version, expected: LATEST.version },
    });
  });

  it("is not ready while shutting down, and says so in the caller's language", async () => {
    app.deps.lifecycle.stopping = true;
    try {
      const res = await app.fetch('/api/ready', { headers: { 'Accept-Language': 'gl' } });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(zError.parse(await res.json())).toEqual({
        detail: 'Servizo non dispoñible.',
        code: 'not_ready',
      });
      expect((await app.fetch('/api/health')).status).toBe(200);
    } finally {
      app.deps.lifecycle.stopping = false;
    }
  });

  it('is not ready on a database without every migration', async () => {
    await app.exec(sql`DELETE FROM schema_migrations WHERE version = ${LATEST.version}`);
    try {
      expect((await app.fetch('/api/ready')).status).toBe(503);
    } finally {
      await app.exec(
        sql`INSERT INTO schema_migrations (version, name) VALUES (${LATEST.version}, ${LATEST.name})`,
      );
    }
    expect((await app.fetch('/api/ready')).status).toBe(200);
  });

  it('returns the settings and whether payment is open, from the database', async () => {
    await app.exec(
      sql`UPDATE config SET maintenance_mode = 1, global_discount_bp = 2500, deadline_date = '2026-12-01', bizum_enabled = 1`,
    );
    const { data } = await getPublicConfig({ client: app.api, throwOnError: true });
    expect(data).toEqual({
      maintenance_mode: true,
      payments_enabled: true,
      global_discount: 0.25,
      deadline_date: '2026-12-01',
      payments_open: true,
      today: '2026-11-21',
      fee_mode: 'simple',
      bizum_enabled: true,
      direct_debit_enabled: false,
    });
    await app.exec(sql`UPDATE config SET bizum_enabled = 0`);
  });

  it('closes payment on the deadline day itself, in Madrid time', async () => {
    await app.exec(sql`UPDATE config SET deadline_date = '2026-11-22', payments_enabled = 1`);
    // 23:30 UTC on the 21st is already the 22nd in Madrid (UTC+1 in November)
    app.clock.set('2026-11-21T23:30:00Z');
    const { data } = await getPublicConfig({ client: app.api, throwOnError: true });
    expect(data).toMatchObject({ today: '2026-11-22', payments_open: false });
    app.clock.set('2026-11-21T22:30:00Z');
    const again = await getPublicConfig({ client: app.api, throwOnError: true });
    expect(again.data).toMatchObject({ today: '2026-11-21', payments_open: true });
  });

  it('sends the security headers and no-store on the API', async () => {
    for (const path of ['/api/health', '/api/no-such-route']) {
      const res = await app.fetch(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      // JSON loads nothing and is never a page: the strictest policy
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('cache-control')).toBe('no-store');
      // headers that only mean something for a page stay on pages
      expect(res.headers.get('permissions-policy')).toBeNull();
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('answers unknown API paths with the error shape in the caller language', async () => {
    for (const [lang, text] of [
      ['es', 'No encontrado.'],
      ['en', 'Not found.'],
      ['gl', 'Non atopado.'],
      ['fr-FR, en;q=0.5', 'Not found.'],
      ['de', 'No encontrado.'],
    ] as const) {
      const res = await app.fetch('/api/nothing-here', { headers: { 'Accept-Language': lang } });
      expect(res.status).toBe(404);
      const body = zError.parse(await res.json());
      expect(body).toEqual({ detail: text, code: 'not_found' });
    }
  });

  it('answers a method a path lacks with 405, the Allow header and the error shape', async () => {
    for (const [method, path, allow] of [
      ['PUT', '/api/user/persons/', 'HEAD, GET, POST'],
      ['DELETE', '/api/admin/users/', 'HEAD, GET, POST'],
      ['PATCH', '/api/config', 'HEAD, GET'],
    ] as const) {
      const res = await app.fetch(path, { method, headers: { 'Accept-Language': 'gl' } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe(allow);
      expect(zError.parse(await res.json())).toEqual({
        detail: 'Este enderezo non admite esa operación.',
        code: 'method_not_allowed',
      });
    }
    const options = await app.fetch('/api/user/persons/', { method: 'OPTIONS' });
    expect(options.status).toBe(200);
    expect(options.headers.get('allow')).toBe('HEAD, GET, POST');
  });

  it('sends JSON answers typed as JSON with their length in bytes, accents included', async () => {
    const res = await app.fetch('/api/user/persons/', { method: 'PUT' });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    expect(JSON.parse(bytes.toString('utf8'))).toMatchObject({
      detail: 'Esta dirección no admite esa operación.',
    });
  });

  it('refuses malformed JSON with a 400 in the error shape, never a stack trace', async () => {
    const res = await app.fetch('/api/user/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"dni": ',
    });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).not.toMatch(/at .*\.(js|ts):\d+/);
    expect(zError.parse(JSON.parse(text)).code).toBe('bad_request');
  });

  it('refuses bodies over the size limit', async () => {
    const res = await app.fetch('/api/user/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ dni: 'x'.repeat(200_000) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe('payload_too_large');
  });

  it('lists the development outbox outside production', async () => {
    await app.deps.repos.outbox.add('sms', '612345678', null, 'Tu código es 123456');
    const res = await app.fetch('/api/dev/outbox?to=34612345678');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ channel: 'sms', to: '612345678', body: 'Tu código es 123456' });
  });

  it('compresses larger JSON answers for clients that accept it, and sends small ones as they are', async () => {
    for (let i = 0; i < 30; i++) {
      await app.deps.repos.outbox.add('sms', '623456789', null, `Tu código es ${100000 + i}`);
    }
    const large = await app.fetch('/api/dev/outbox?to=623456789', {
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(large.headers.get('content-encoding')).toBe('br');
    expect(large.headers.get('vary')).toContain('Accept-Encoding');
    expect(await large.json()).toHaveLength(30);
    const small = await app.fetch('/api/dev/outbox?to=612345678', {
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(small.headers.get('content-encoding')).toBeNull();
    const text = await small.text();
    expect(Number(small.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text)).toHaveLength(1);
  });

  it('sends larger JSON answers as they are to a client that names no encoding', async () => {
    for (let i = 0; i < 30; i++) {
      await app.deps.repos.outbox.add('sms', '634567890', null, `Tu código es ${200000 + i}`);
    }
    // fetch always names encodings: a bare request names none
    const { headers, text } = await new Promise<{ headers: IncomingHttpHeaders; text: string }>(
      (resolve, reject) => {
        get(`${app.baseUrl}/api/dev/outbox?to=634567890`, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ headers: res.headers, text }));
        }).on('error', reject);
      },
    );
    expect(headers['content-encoding']).toBeUndefined();
    expect(Number(headers['content-length'])).toBe(Buffer.byteLength(text));
    expect(Buffer.byteLength(text)).toBeGreaterThan(1024);
    expect(JSON.parse(text)).toHaveLength(30);
  });
});

describe('production', () => {
  it('has no development outbox, and sends HSTS for an https PUBLIC_URL however it is spelt', async () => {
    const app = await startTestApp({
      env: {
        NODE_ENV: 'production',
        PUBLIC_URL: 'HTTPS://Deportes.Example.gal/',
        SMS_ADAPTER: 'outbox',
        MAIL_ADAPTER: 'outbox',
        ALLOW_OUTBOX_IN_PRODUCTION: 'true',
        // Redsys's public test merchant: the sandbox is refused on an https site, and Redsys's
        // test bank is taken there only when said explicitly
        REDSYS_MERCHANT_CODE: '999008881',
        REDSYS_SECRET: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
        ALLOW_REDSYS_TEST_ON_HTTPS: 'true',
      },
    });
    try {
      const res = await app.fetch('/api/dev/outbox');
      expect(res.status).toBe(404);
      expect(res.headers.get('strict-transport-security')).toContain('max-age=31536000');
    } finally {
      await app.close();
    }
  });
});
