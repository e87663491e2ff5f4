import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { statuses } from '../src/generated/operations.gen.js';
import { createAccount, type Account } from './admin/factory.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';
import { errorOf } from './residents/helpers.js';

/**
 * The contract tells the truth: walked operation by operation from openapi.yaml. (Every other
 * test checks too, through the strict response validation, that each status it meets is
 * declared for its operation.)
 */
interface Operation {
  operationId: string;
  security?: unknown[];
  requestBody?: unknown;
  parameters?: { $ref?: string; in?: string; schema?: { type?: string } }[];
}
const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;
const contract = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
};
const operations = Object.entries(contract.paths).flatMap(([path, item]) =>
  METHODS.flatMap((method) => {
    const operation = item[method];
    if (!operation) return [];
    return [
      {
        id: operation.operationId,
        method: method.toUpperCase(),
        template: path,
        path: `/api${path.replace(/\{[^}]+\}/g, '1')}`,
        isPublic: Array.isArray(operation.security) && operation.security.length === 0,
        takesBody: operation.requestBody !== undefined,
      },
    ];
  }),
);
const BROKEN_JSON = '{"dni": "12345678Z", ';
const json = { 'Content-Type': 'application/json' };

describe('the contract tells the truth', () => {
  let app: TestApp;
  let admin: Account;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await createAccount(app, 'admin');
  });
  afterAll(() => app.close());

  it('answers 401 on every protected operation without a token, whatever the body', async () => {
    const protectedOnes = operations.filter((op) => !op.isPublic);
    expect(protectedOnes.length).toBeGreaterThan(40);
    for (const op of protectedOnes) {
      const bodies = op.takesBody
        ? ['{}', BROKEN_JSON, `{"name": "${'x'.repeat(150_000)}"}`]
        : [undefined];
      for (const body of bodies) {
        const res = await app.fetch(op.path, { method: op.method, headers: json, body });
        const label = `${op.method} ${op.template} (${body?.length ?? 0} bytes)`;
        expect(res.status, label).toBe(401);
        expect((await errorOf(res)).code, label).toBe('not_authenticated');
      }
    }
  });

  it('answers every public operation with a status it declares, never a server error', async () => {
    for (const op of operations.filter((o) => o.isPublic)) {
      const res = await app.fetch(op.path, {
        method: op.method,
        headers: json,
        body: op.takesBody ? '{}' : undefined,
      });
      expect(statuses[op.id], `${op.method} ${op.template}: ${res.status}`).toContain(res.status);
      expect(res.status, op.id).toBeLessThan(500);
    }
  });

  it('declares 400 for an unreadable body and 413 for one too large, and answers them', async () => {
    const taking = operations.filter(
      (op) => op.takesBody && !op.template.startsWith('/payments/sandbox'),
    );
    for (const op of taking) {
      const headers = { ...json, ...(op.isPublic ? {} : admin.headers) };
      const broken = await app.fetch(op.path, { method: op.method, headers, body: BROKEN_JSON });
      expect(broken.status, op.id).toBe(400);
      expect((await errorOf(broken)).code, op.id).toBe('bad_request');
      const large = await app.fetch(op.path, {
        method: op.method,
        headers,
        body: `{"x": "${'x'.repeat(150_000)}"}`,
      });
      expect(large.status, op.id).toBe(413);
      expect((await errorOf(large)).code, op.id).toBe('payload_too_large');
    }
  });

  it('declares 400 for a body that does not decompress and 415 for a coding it does not read, and answers them', async () => {
    const taking = operations.filter((op) => op.takesBody);
    expect(taking.length).toBeGreaterThan(30);
    for (const op of taking) {
      expect(statuses[op.id], op.id).toEqual(expect.arrayContaining([400, 413, 415]));
      // the sandbox bank's calls answer 404 unless it is on; the statuses above are still declared
      if (op.template.startsWith('/payments/sandbox')) continue;
      const headers = { ...json, ...(op.isPublic ? {} : admin.headers) };
      const corrupt = await app.fetch(op.path, {
        method: op.method,
        headers: { ...headers, 'Content-Encoding': 'gzip' },
        body: 'not gzip',
      });
      expect(corrupt.status, op.id).toBe(400);
      expect((await errorOf(corrupt)).code, op.id).toBe('bad_request');
      const unknown = await app.fetch(op.path, {
        method: op.method,
        headers: { ...headers, 'Content-Encoding': 'zstd' },
        body: '{}',
      });
      expect(unknown.status, op.id).toBe(415);
      expect((await errorOf(unknown)).code, op.id).toBe('unsupported_media_type');
    }
  });

  it('answers 422 to a path id that is not a whole number from 1 (past the bound: id-bounds)', async () => {
    const withIds = operations.filter((op) =>
      /\{(id|payment_id|person_activity_id)\}/.test(op.template),
    );
    expect(withIds.length).toBeGreaterThan(8);
    for (const op of withIds) {
      for (const id of ['abc', '0']) {
        const path = `/api${op.template.replace(/\{[^}]+\}/, id)}`;
        const res = await app.fetch(path, {
          method: op.method,
          headers: { ...json, ...admin.headers },
          body: op.takesBody ? '{}' : undefined,
        });
        expect(res.status, `${op.method} ${path}`).toBe(422);
        expect((await errorOf(res)).code).toBe('validation_error');
      }
    }
  });

  it('refuses fields a closed body does not name, and changes nothing', async () => {
    const before = await app.fetch('/api/admin/config/', { headers: admin.headers });
    const saved = await before.json();
    // what the server says and the body cannot set: the row's id, whether the council file has
    // the creditor data
    const {
      id: _id,
      direct_debit_available: _available,
      ...settings
    } = saved as Record<string, unknown>;
    const config = await app.fetch('/api/admin/config/', {
      method: 'PUT',
      headers: { ...json, ...admin.headers, 'Accept-Language': 'en' },
      body: JSON.stringify({ ...settings, maintenance_mode: true, debug: true }),
    });
    expect(await errorOf(config)).toMatchObject({
      status: 422,
      detail: [
        {
          loc: ['body', 'debug'],
          msg: 'This field cannot be changed here.',
          type: 'unrecognized_keys',
        },
      ],
    });
    expect(
      await (await app.fetch('/api/admin/config/', { headers: admin.headers })).json(),
    ).toEqual(saved);

    const me = await app.fetch('/api/user/me', {
      method: 'PATCH',
      headers: { ...json, ...admin.headers },
      body: JSON.stringify({ reminders: false, role: 'admin', email: 'x@example.es' }),
    });
    expect(me.status).toBe(422);
    const { detail } = await errorOf(me);
    expect(detail).toEqual([
      {
        loc: ['body', 'role'],
        msg: 'Este campo no se puede cambiar aquí.',
        type: 'unrecognized_keys',
      },
      {
        loc: ['body', 'email'],
        msg: 'Este campo no se puede cambiar aquí.',
        type: 'unrecognized_keys',
      },
    ]);
    const after = await app.fetch('/api/user/me', { headers: admin.headers });
    expect((await after.json()).reminders).toBe(true);
  });

  it('asks for a mobile where an SMS goes, in the caller language', async () => {
    const res = await app.fetch('/api/user/register', {
      method: 'POST',
      headers: { ...json, 'Accept-Language': 'gl' },
      body: JSON.stringify({
        dni: '12345678Z',
        phone: '986123456',
        email: null,
        password: 'piscina-verano-2026',
        repeat_password: 'piscina-verano-2026',
      }),
    });
    expect(await errorOf(res)).toMatchObject({
      status: 422,
      detail: [
        { loc: ['body', 'phone'], msg: 'Introduce un móbil de 9 díxitos que comece por 6 ou 7.' },
      ],
    });
    expect(Number(await app.value(sql`SELECT COUNT(*) FROM users WHERE dni = '12345678Z'`))).toBe(
      0,
    );
  });

  it('says "valid date" only about dates', async () => {
    const payments = await app.fetch('/api/admin/payments/?to=31-12-2026', {
      headers: { ...admin.headers, 'Accept-Language': 'en' },
    });
    expect((await errorOf(payments)).detail).toEqual([
      expect.objectContaining({ loc: ['query', 'to'], msg: expect.stringMatching(/date/i) }),
    ]);
    const outbox = await app.fetch(`/api/dev/outbox?to=${'6'.repeat(300)}`, {
      headers: { 'Accept-Language': 'en' },
    });
    const { detail } = await errorOf(outbox);
    expect(detail).toEqual([expect.objectContaining({ loc: ['query', 'to'] })]);
    expect(JSON.stringify(detail)).not.toMatch(/date/i);
  });

  it('gives a concrete path the methods it takes, before a templated path that fits it', async () => {
    for (const path of [
      '/api/user/persons/request-association',
      '/api/user/persons/verify-association',
    ]) {
      const options = await app.fetch(path, { method: 'OPTIONS' });
      expect(options.status, path).toBe(200);
      expect(options.headers.get('allow'), path).toBe('POST');
      const removed = await app.fetch(path, { method: 'DELETE', headers: admin.headers });
      expect(removed.status, path).toBe(405);
      expect(removed.headers.get('allow'), path).toBe('POST');
      expect((await errorOf(removed)).code).toBe('method_not_allowed');
    }
    // the templated path keeps its own
    const person = await app.fetch('/api/user/persons/7', { method: 'OPTIONS' });
    expect(person.headers.get('allow')).toBe('DELETE');
  });

  it('answers a method no path takes with 501 in the error shape', async () => {
    // fetch refuses to send TRACE
    const trace = (path: string) =>
      new Promise<{ status: number; body: unknown }>((resolve, reject) => {
        const req = request(`${app.baseUrl}${path}`, {
          method: 'TRACE',
          headers: { 'Accept-Language': 'en' },
        });
        req.on('response', (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: JSON.parse(Buffer.concat(chunks).toString()),
            }),
          );
        });
        req.on('error', reject);
        req.end();
      });
    for (const path of ['/api/health', '/api/user/persons/request-association']) {
      expect(await trace(path), path).toEqual({
        status: 501,
        body: { detail: 'The server does not support that operation.', code: 'not_implemented' },
      });
    }
  });
});
