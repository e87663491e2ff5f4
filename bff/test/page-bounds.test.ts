import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createAccount, type Account } from './admin/factory.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Every list's `page` and `page_size` are bounded in the contract (a page at most 2^31 − 1 like
 * an id, at most 100 rows a page), on both engines: past the bound the list answers 422 by field
 * with a message in the caller's language, never a page computed from a number nobody meant.
 */

interface Parameter {
  name?: string;
  in?: string;
  schema?: { maximum?: number };
  $ref?: string;
}
const contract = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as {
  paths: Record<string, Partial<Record<string, { parameters?: Parameter[] }>>>;
  components: { parameters: Record<string, Parameter>; schemas: { Id: { maximum: number } } };
};
const resolve = (p: Parameter): Parameter =>
  p.$ref ? contract.components.parameters[p.$ref.split('/').pop()!]! : p;

const PAGE_MAX = 2 ** 31 - 1;
const PAGE_SIZE_MAX = 100;

/** Every list with paging, its path's ids set to 1. */
const lists = Object.entries(contract.paths).flatMap(([path, item]) => {
  const params = (item.get?.parameters ?? []).map(resolve);
  const paging = params.filter((p) => p.in === 'query' && /^page(_size)?$/.test(p.name ?? ''));
  if (paging.length === 0) return [];
  return [{ path: `/api${path.replace(/\{[a-z_]+\}/g, '1')}`, paging }];
});

describe('page and page_size bounded in every list', () => {
  let app: TestApp;
  let admin: Account;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await createAccount(app, 'admin');
  });
  afterAll(() => app.close());

  it('says the bounds in the contract for every page and page_size', () => {
    expect(lists.length).toBeGreaterThanOrEqual(8);
    for (const { path, paging } of lists) {
      expect(
        paging.map((p) => [p.name, p.schema?.maximum]),
        path,
      ).toEqual([
        ['page', PAGE_MAX],
        ['page_size', PAGE_SIZE_MAX],
      ]);
    }
    expect(PAGE_MAX).toBe(contract.components.schemas.Id.maximum);
  });

  const get = (path: string, query: string, lang: string) =>
    app.fetch(`${path}?${query}`, { headers: { ...admin.headers, 'Accept-Language': lang } });

  it('answers 422 by field, in the caller’s language, for a page or page_size past the bound', async () => {
    const wrong: string[] = [];
    for (const { path } of lists) {
      for (const [field, query] of [
        ['page', `page=${PAGE_MAX + 1}&page_size=10`],
        ['page', `page=${2 ** 53 - 1}&page_size=10`],
        ['page_size', `page=1&page_size=${PAGE_SIZE_MAX + 1}`],
      ] as const) {
        const messages: string[] = [];
        for (const lang of ['es', 'en', 'gl']) {
          const res = await get(path, query, lang);
          const body = (await res.json()) as {
            code?: string;
            detail?: { loc: unknown[]; msg: string }[];
          };
          const entry = (Array.isArray(body.detail) ? body.detail : []).find(
            (d) => d.loc.join('.') === `query.${field}`,
          );
          if (res.status !== 422 || body.code !== 'validation_error' || !entry) {
            wrong.push(`${path}?${query} (${lang}): ${res.status} ${JSON.stringify(body)}`);
            continue;
          }
          messages.push(entry.msg);
        }
        if (messages.length === 3 && new Set(messages).size !== 3)
          wrong.push(`${path}?${query}: not localised ${JSON.stringify(messages)}`);
        if (messages.some((msg) => /^[a-z_]+$/.test(msg)))
          wrong.push(`${path}?${query}: a bare code ${JSON.stringify(messages)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('still answers the last page a bound allows', async () => {
    for (const { path } of lists) {
      const res = await get(path, `page=${PAGE_MAX}&page_size=${PAGE_SIZE_MAX}`, 'es');
      expect([200, 404], path).toContain(res.status);
    }
  });
});
