import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feesWorld, type Auth } from '../fees/support.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Issue 60 item 8: staff's *Pendiente de cobro* under the council's rules is computed, each unpaid
 * fee as the checkout would charge it now (reductions, family discounts, parts still due, the
 * registration fee still due), not estimated as 75 % of each price.
 */
describe('admin overview: the money pending under fee rules, computed', () => {
  let app: TestApp;
  let w: ReturnType<typeof feesWorld>;
  let admin: { id: number; auth: Auth };
  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-21T10:00:00Z' });
    w = feesWorld(app);
    admin = await w.user('admin');
  });
  afterAll(() => app.close());

  it('sums each fee as charged now, not 75 % of each price', async () => {
    const large = await w.circumstance('Familia numerosa');
    await w.rules(admin.auth, {
      reductions: [{ circumstance_id: large, activity_id: null, percent: 50, price: null }],
    });
    // 160 € with a 20 € registration fee in weights 3:3:2; one child with the 50 % reduction
    const school = await w.staffActivity(admin.auth, {
      name: 'Escola deportiva',
      price: 160,
      registration_fee: 20,
      parts: [
        { weight: 3, due_date: '2026-12-15' },
        { weight: 3, due_date: '2027-01-15' },
        { weight: 2, due_date: '2027-02-15' },
      ],
    });
    // a whole fee of 19.98 €, halved too: 9.99 €
    const chess = await w.staffActivity(admin.auth, { name: 'Xadrez', price: 19.98 });
    const child = await w.born('Iago', '2015-02-01');
    await w.approve(child, large);
    await w.enrol(child, school);
    await w.enrol(child, chess);
    await w.family(child);
    const res = await app.fetch('/api/admin/summary', { headers: admin.auth });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      pending_cents: number;
      pending_items: number;
      top_pending: { name: string; pending_cents: number; pending_items: number }[];
    };
    // school: 50 + 30 + 20 = 100 €, three parts; chess: 9.99 €, one (75 % of each price would say
    // 120 + 14.99 = 134.99 €)
    expect(body).toMatchObject({ pending_cents: 10999, pending_items: 4 });
    const byName = (name: string) => body.top_pending.find((a) => a.name.startsWith(name));
    expect(byName('Escola deportiva')).toMatchObject({ pending_cents: 10000, pending_items: 3 });
    expect(byName('Xadrez')).toMatchObject({ pending_cents: 999, pending_items: 1 });
  });
});
