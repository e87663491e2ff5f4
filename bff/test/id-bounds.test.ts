import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createAccount, type Account } from './admin/factory.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';
import { ID_MAX } from '../src/lib/ids.js';
import { ask, PDF, resident as household } from './circumstances/helpers.js';

/**
 * Ids are bounded by what the database holds (PostgreSQL `integer`, 2^31 − 1), on both engines:
 * an id past it in a path answers 404 (no such thing), one in a body 422 by field; never a 500
 * from the database refusing the number.
 */

const METHODS = ['get', 'post', 'put', 'delete'] as const;
interface Parameter {
  name?: string;
  in?: string;
  schema?: { type?: string; $ref?: string };
  $ref?: string;
}
interface Operation {
  parameters?: Parameter[];
  security?: unknown[];
}
const contract = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  components: { parameters: Record<string, Parameter>; schemas: { Id: { maximum: number } } };
};
const resolve = (p: Parameter): Parameter =>
  p.$ref ? contract.components.parameters[p.$ref.split('/').pop()!]! : p;
const isId = (p: Parameter) =>
  p.in === 'path' && (p.schema?.type === 'integer' || p.schema?.$ref === '#/components/schemas/Id');

const MAX_ID = 2 ** 31 - 1;
expect(ID_MAX).toBe(MAX_ID);

/** Every operation with an id in its path, with that id (and any other) set to `id`. */
const operationsWithId = (id: number) =>
  Object.entries(contract.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).flatMap((method) => {
      const op = item[method]!;
      const ids = (op.parameters ?? []).map(resolve).filter(isId);
      if (ids.length === 0) return [];
      let url = path;
      for (const p of ids) url = url.replace(`{${p.name}}`, String(id));
      return [
        { method: method.toUpperCase(), path: `/api${url}`, anonymous: op.security?.length === 0 },
      ];
    }),
  );

describe('ids bounded by what the database holds', () => {
  let app: TestApp;
  let admin: Account;
  let resident: Account;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await createAccount(app, 'admin');
    resident = await createAccount(app, 'user');
  });
  afterAll(() => app.close());

  it("says the real bound in the contract's Id", () => {
    expect(contract.components.schemas.Id.maximum).toBe(MAX_ID);
  });

  /** The answer of an operation for the caller it is made for (staff, a resident, anyone). */
  async function call(method: string, path: string, anonymous: boolean) {
    const who = anonymous ? {} : path.startsWith('/api/admin/') ? admin.headers : resident.headers;
    const body = method === 'GET' || method === 'DELETE' ? undefined : '{}';
    const res = await app.fetch(path, {
      method,
      headers: { ...who, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body,
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as { code?: string } };
  }

  it('answers 404 for an id in a path past the bound, for every such operation', async () => {
    const operations = operationsWithId(MAX_ID + 1);
    expect(operations.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const { method, path, anonymous } of operations) {
      const { status, body } = await call(method, path, anonymous);
      if (status !== 404 || body.code !== 'not_found')
        wrong.push(`${method} ${path}: ${status} ${body.code}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 404 for the largest id JavaScript holds and for anonymous draws', async () => {
    for (const id of [2 ** 31, 2 ** 53 - 1, 2 ** 53 + 1]) {
      const res = await app.fetch(`/api/draws/${id}`);
      expect(res.status, String(id)).toBe(404);
    }
  });

  it('answers 422 on the field for an id in a multipart form past the bound', async () => {
    const family = await household(app);
    const res = await ask(app, family, family.people[0]!, {
      circumstance_id: String(MAX_ID + 1),
      document: { bytes: PDF, name: 'certificado.pdf' },
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { detail: { loc: unknown[]; type: string }[] }).detail).toEqual([
      expect.objectContaining({ loc: ['body', 'circumstance_id'], type: 'circumstance_unknown' }),
    ]);
  });

  it('answers 422 by field for an id in a body past the bound', async () => {
    const big = MAX_ID + 1;
    const cases: { path: string; method: string; body: unknown; loc: (string | number)[] }[] = [
      {
        method: 'POST',
        path: '/api/user/applications',
        body: { person_activity_id: big, activity_id: 1 },
        loc: ['body', 'person_activity_id'],
      },
      {
        method: 'POST',
        path: '/api/admin/persons/merge',
        body: { keep_id: 1, merge_id: big },
        loc: ['body', 'merge_id'],
      },
      {
        method: 'PUT',
        path: '/api/admin/fee-rules',
        body: {
          reductions: [{ circumstance_id: big, activity_id: null, percent: 10, price: null }],
          family_discounts: [],
          cumulative: false,
        },
        loc: ['body', 'reductions', 0, 'circumstance_id'],
      },
      {
        method: 'POST',
        path: '/api/admin/person-activities/',
        body: {
          first_name: 'Ana',
          last_name: 'Pérez',
          dni: '12345678Z',
          phone: '612345678',
          activity_ids: [big],
        },
        loc: ['body', 'activity_ids', 0],
      },
    ];
    for (const { method, path, body, loc } of cases) {
      const res = await app.fetch(path, {
        method,
        headers: {
          ...(path.startsWith('/api/admin/') ? admin.headers : resident.headers),
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      const answer = (await res.json()) as { detail: { loc: unknown[] }[] };
      expect(res.status, `${method} ${path}`).toBe(422);
      expect(
        answer.detail.map((d) => d.loc),
        `${method} ${path}`,
      ).toContainEqual(loc);
    }
  });
});
