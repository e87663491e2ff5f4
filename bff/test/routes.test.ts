import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startTestApp, type TestApp } from './helpers/test-app.js';

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;
const contract = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], unknown>>>;
};
const operations = Object.entries(contract.paths).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]).map((method) => ({
    method: method.toUpperCase(),
    // any number stands in for a path parameter
    path: `/api${path.replace(/\{[^}]+\}/g, '1')}`,
  })),
);

describe('routing', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('reaches a route for every operation of the contract', async () => {
    expect(operations.length).toBeGreaterThan(30);
    for (const { method, path } of operations) {
      const res = await app.fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json' },
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: '{}' }),
      });
      // no session and an empty body: refused by the route itself, never "no such route" (a
      // public lookup may answer its own 404 for an unknown id, with a code of its own)
      const answer = res.headers.get('content-type')?.includes('json') ? await res.json() : {};
      expect([405, 501], `${method} ${path}`).not.toContain(res.status);
      expect(answer.code, `${method} ${path}`).not.toBe('not_found');
    }
  });

  it('answers a method no route has under a path with 405 in every group', async () => {
    for (const path of [
      '/api/health',
      '/api/user/persons/',
      '/api/payments/notification',
      '/api/admin/users/',
    ]) {
      const res = await app.fetch(path, { method: 'PATCH' });
      expect(res.status, path).toBe(405);
      expect(res.headers.get('allow'), path).toBeTruthy();
    }
  });

  it('matches paths regardless of case, as before the routes were grouped', async () => {
    const res = await app.fetch('/api/USER/Persons/');
    expect(res.status).toBe(401);
  });
});
