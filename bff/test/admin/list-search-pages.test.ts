import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { createAccount, dniWithLetter, type Account } from './factory.js';

const PEOPLE = 1_200;

/**
 * A searched page is the same slice of the searched list wherever the matches sort: all after the
 * first thousand rows (a surname sorted by surname), all before them, spread through the list, in
 * every row, and on a page deeper than the first thousand rows; with few matches and with many.
 */
describe('admin lists: searched pages wherever the matches sort', () => {
  let app: TestApp;
  let admin: Account;

  beforeAll(async () => {
    app = await startTestApp();
    admin = await createAccount(app, 'admin');
    for (let i = 0; i < PEOPLE; i++) {
      const n = String(i).padStart(4, '0');
      await app.deps.repos.enrolments.insert({
        first_name: i % 5 === 0 ? `Brais ${n}` : `Iria ${n}`,
        last_name: i < 1_000 ? `Abad ${n}` : `Zapata ${n}`,
        dni: dniWithLetter(71_000_000 + i),
        email: null,
        phone: `69900${n}`,
      });
    }
  }, 120_000);
  afterAll(() => app.close());

  async function list(query: string) {
    const res = await app.fetch(`/api/admin/person-activities/?${query}`, {
      headers: admin.headers,
    });
    expect(res.status, query).toBe(200);
    return {
      total: Number(res.headers.get('x-total-count')),
      ids: ((await res.json()) as { id: number }[]).map((row) => row.id),
    };
  }

  it.each([
    ['zapata', 'last_name', 'asc', 200],
    ['zapata', 'last_name', 'desc', 200],
    ['BRAIS', 'last_name', 'asc', 240],
    ['BRAIS', 'first_name', 'desc', 240],
    ['69900', 'phone', 'desc', PEOPLE],
    // more than 500 matches sorted by name: SQLite walks a name index holding the search key
    ['ÍRIA', 'last_name', 'asc', 960],
    ['iria', 'first_name', 'desc', 960],
    ['abad', 'last_name', 'desc', 1_000],
    ['69900', 'first_name', 'asc', PEOPLE],
  ])(
    'q=%s by %s %s: every page is its slice of the whole, with the total',
    async (q, sort, order, matches) => {
      const query = `q=${q}&sort=${sort}&order=${order}`;
      const whole = await list(query);
      expect(whole.ids).toHaveLength(matches);
      for (const [number, size] of [
        [1, 10],
        [2, 10],
        [3, 100],
        [11, 100],
        [Math.ceil(matches / 10) + 1, 10],
      ] as const) {
        const page = await list(`${query}&page=${number}&page_size=${size}`);
        expect(page.ids, `${query} page ${number}`).toEqual(
          whole.ids.slice((number - 1) * size, number * size),
        );
        expect(page.total, `${query} page ${number}`).toBe(matches);
      }
    },
  );
});
