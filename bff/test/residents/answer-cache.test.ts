import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_WRITERS_CHECK_MS } from '../../src/data/read-cache.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { bearer, errorOf, logIn, seedPerson, signUp, userByDni } from './helpers.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The dashboard's reads may be answered from memory (http/answer-cache.ts): each test repeats a
// read, changes something the answer rests on, and expects the very next read to show it. With
// ANSWER_CACHE off every answer is worked out again, and the answers are the same.
describe.each(['true', 'false'])(
  'answers kept between identical reads (ANSWER_CACHE=%s)',
  (cache) => {
    let app: TestApp;
    let ana: string;
    let anaId: number;
    let xoan: number;

    const get = (path: string, token = ana) => app.fetch(path, { headers: bearer(token) });
    const amounts = async (path: string, token = ana) =>
      ((await (await get(path, token)).json()) as { amount: number }[]).map((a) => a.amount);

    beforeAll(async () => {
      app = await startTestApp({ env: { RESPONSE_VALIDATION: 'strict', ANSWER_CACHE: cache } });
      xoan = seedPerson(app, {
        first: 'Xoán',
        last: 'López Pereira',
        dni: '87654321X',
        phone: '622334455',
        activities: [{ name: 'Natación infantil', priceCents: 6000 }],
      });
      ana = await signUp(app, { dni: '12345678Z', phone: '612345678' });
      anaId = userByDni(app, '12345678Z')?.id ?? 0;
      app.db
        .prepare('INSERT INTO user_persons (user_id, enrolment_id) VALUES (?, ?)')
        .run(anaId, xoan);
    });
    afterAll(() => app.close());

    it('sends a repeated read the same JSON, with its own request id and the API headers', async () => {
      const first = await get(`/api/user/activities/${xoan}`);
      const second = await get(`/api/user/activities/${xoan}`);
      expect(second.status).toBe(200);
      expect(await second.text()).toBe(await first.text());
      for (const header of ['content-type', 'content-security-policy', 'cache-control']) {
        expect(second.headers.get(header)).toBe(first.headers.get(header));
      }
      expect(second.headers.get('content-type')).toContain('application/json');
      expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    });

    it('shows a new price on the next read', async () => {
      const path = `/api/user/activities/${xoan}`;
      expect(await amounts(path)).toEqual([45]);
      app.db
        .prepare("UPDATE activities SET price_cents = 8000 WHERE name = 'Natación infantil'")
        .run();
      expect(await amounts(path)).toEqual([60]);
    });

    it("shows another process's change (the admin CLI) within the check interval", async () => {
      const path = `/api/user/activities/${xoan}`;
      expect(await amounts(path)).toEqual([60]);
      const other = new Database(join(app.deps.config.dataDir, 'portal.sqlite'));
      other
        .prepare("UPDATE activities SET price_cents = 4000 WHERE name = 'Natación infantil'")
        .run();
      other.close();
      await sleep(OTHER_WRITERS_CHECK_MS + 5);
      expect(await amounts(path)).toEqual([30]);
    });

    it('never gives one account the answer kept for another', async () => {
      const path = `/api/user/activities/${xoan}`;
      expect((await get(path)).status).toBe(200);
      const bea = await signUp(app, { dni: '00000000T', phone: '698765432' });
      expect(await errorOf(await get(path, bea))).toMatchObject({ status: 404, code: 'not_found' });
      expect(await (await get('/api/user/persons/', bea)).json()).toEqual([]);
    });

    it('answers 404 on the next read once the person is unlinked', async () => {
      const path = `/api/user/activities/${xoan}`;
      expect((await get(path)).status).toBe(200);
      expect(await (await get('/api/user/persons/')).json()).toHaveLength(1);
      app.db
        .prepare('DELETE FROM user_persons WHERE user_id = ? AND enrolment_id = ?')
        .run(anaId, xoan);
      expect((await get(path)).status).toBe(404);
      expect(await (await get('/api/user/persons/')).json()).toEqual([]);
      app.db
        .prepare('INSERT INTO user_persons (user_id, enrolment_id) VALUES (?, ?)')
        .run(anaId, xoan);
    });

    it('refuses the kept read with 401 once the token expires or the password changes', async () => {
      const path = '/api/user/persons/';
      expect((await get(path)).status).toBe(200);
      app.clock.advance(app.deps.config.tokenTtlSeconds * 1000 + 1000);
      expect(await errorOf(await get(path))).toMatchObject({ status: 401 });

      ana = await logIn(app, '12345678Z');
      expect((await get(path)).status).toBe(200);
      app.deps.repos.users.update(anaId, { password_hash: 'changed', endSessions: true });
      expect(await errorOf(await get(path))).toMatchObject({ status: 401 });
    });
  },
);
