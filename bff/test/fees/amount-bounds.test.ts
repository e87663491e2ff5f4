import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { feesWorld, tables, type Auth } from './support.js';

/**
 * Every amount staff enter has the activity price's bound (100,000 €), 422 `amount_too_high` on
 * the field, and nothing changes: a band's price, a fixed reduction's price, an activity's price
 * (a band of 9,007,199,254,740.99 € was once quoted and sent to the bank; 21,474,836.48 € as a
 * fixed price answered 500 on PostgreSQL, 1e300 was stored on SQLite). A part whose last day has
 * passed cannot be saved either (nobody could pay it online). Both engines.
 */

const band = (min_age: number, max_age: number | null, price: number, isDefault = false) => ({
  min_age,
  max_age,
  price,
  default: isDefault,
});

interface Answer {
  code: string;
  detail: { loc: (string | number)[]; msg: string; type: string }[];
}

describe('amounts and dates staff enter are bounded', () => {
  let app: TestApp;
  let w: ReturnType<typeof feesWorld>;
  let admin: Auth;
  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-21T10:00:00Z' });
    w = feesWorld(app);
    admin = (await w.user('admin')).auth;
  });
  afterAll(() => app.close());

  const send = (path: string, method: string, body: unknown, lang = 'es') =>
    app.json(path, method, body, { ...admin, 'Accept-Language': lang });
  const refresh = async () => {
    admin = (await w.user('admin')).auth;
  };
  const activity = (body: Record<string, unknown>) =>
    send('/api/admin/activities-crud/', 'POST', { name: 'Natación', price: 40, ...body });

  async function refused(res: Response, loc: (string | number)[], type: string) {
    const answer = (await res.json()) as Answer;
    expect(res.status, JSON.stringify(answer)).toBe(422);
    expect(answer.detail).toContainEqual(expect.objectContaining({ loc, type }));
    return answer;
  }

  it("refuses an age band's price past 100,000 €, by the band", async () => {
    const before = await tables(app, 'activities');
    for (const price of [9_007_199_254_740.99, 1e16, 100_000.01]) {
      const res = await activity({ tariffs: [band(0, 17, price), band(18, null, 50, true)] });
      const answer = await refused(res, ['body', 'tariffs', 0, 'price'], 'amount_too_high');
      expect(answer.detail[0]!.msg).toBe('El importe no puede pasar de 100.000 €.');
    }
    expect(await tables(app, 'activities')).toEqual(before);
    // the bound itself is an amount staff may enter
    const ok = await activity({
      name: 'Natación cara',
      tariffs: [band(0, 17, 100_000), band(18, null, 50, true)],
    });
    expect(ok.status).toBe(201);
  });

  it("refuses an activity's price past the bound in each language", async () => {
    const messages = {
      es: 'El importe no puede pasar de 100.000 €.',
      en: 'The amount cannot be more than €100,000.',
      gl: 'O importe non pode pasar de 100.000 €.',
    };
    for (const [lang, msg] of Object.entries(messages)) {
      const res = await send(
        '/api/admin/activities-crud/',
        'POST',
        { name: 'Pádel', price: 1e300 },
        lang,
      );
      const answer = await refused(res, ['body', 'price'], 'amount_too_high');
      expect(answer.detail[0]!.msg).toBe(msg);
    }
  });

  it('refuses a fixed reduction price past the bound, never a 500', async () => {
    const large = await w.circumstance('Familia numerosa amount bounds');
    const before = await tables(app, 'reduction_rules');
    for (const price of [21_474_836.48, 1e300, 100_000.01]) {
      const res = await send('/api/admin/fee-rules', 'PUT', {
        reductions: [{ circumstance_id: large, activity_id: null, percent: null, price }],
        family_discounts: [],
        cumulative: false,
      });
      await refused(res, ['body', 'reductions', 0, 'price'], 'amount_too_high');
    }
    expect(await tables(app, 'reduction_rules')).toEqual(before);
  });

  it('refuses a part whose last day has passed, and keeps one already stored', async () => {
    // today is 2026-11-21 in Madrid
    const past = await activity({
      name: 'Baloncesto',
      parts: [
        { percent: 50, due_date: '2026-11-20' },
        { percent: 50, due_date: '2027-01-15' },
      ],
    });
    const answer = await refused(past, ['body', 'parts', 0, 'due_date'], 'parts_past');
    expect(answer.detail[0]!.msg).toContain('20/11/2026');

    // the last day today is still a day to pay
    const created = await activity({
      name: 'Baloncesto',
      parts: [
        { percent: 50, due_date: '2026-11-21' },
        { percent: 50, due_date: '2027-01-15' },
      ],
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };

    // a day later the stored part has passed: saving the activity as it is still works
    app.clock.advance(2 * 86_400_000);
    await refresh();
    const same = await send(`/api/admin/activities-crud/${id}`, 'PUT', {
      name: 'Baloncesto',
      price: 40,
      parts: [
        { percent: 50, due_date: '2026-11-21' },
        { percent: 50, due_date: '2027-01-15' },
      ],
    });
    expect(same.status).toBe(200);
    // but moving a part to a day gone by does not
    const moved = await send(`/api/admin/activities-crud/${id}`, 'PUT', {
      name: 'Baloncesto',
      price: 40,
      parts: [
        { percent: 50, due_date: '2026-11-22' },
        { percent: 50, due_date: '2027-01-15' },
      ],
    });
    await refused(moved, ['body', 'parts', 0, 'due_date'], 'parts_past');
    app.clock.set('2026-11-21T10:00:00Z');
    await refresh();
  });
});
