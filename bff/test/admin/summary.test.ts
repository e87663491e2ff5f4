import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { createAccount, insertActivity, insertEnrolment, type Account } from './factory.js';

describe('admin overview (Resumen)', () => {
  let app: TestApp;
  let admin: Account;
  let sequence = 0;

  async function payment(
    paidAt: string | null,
    cents: number,
    status: 'paid' | 'failed' = 'paid',
    refunded = 0,
  ) {
    sequence += 1;
    await app.db
      .q()
      .insertInto('payments')
      .values({
        order_code: `2611SUM${String(sequence).padStart(5, '0')}`,
        person_name: 'Uxía Núñez',
        person_dni: '12345678Z',
        person_key: 'uxia nunez',
        amount_cents: cents,
        refunded_cents: refunded,
        use_discount: 0,
        status,
        gateway: 'sandbox',
        merchant_code: '999008881',
        terminal: '1',
        created_at: paidAt ?? '2026-11-20T10:00:00Z',
        updated_at: paidAt ?? '2026-11-20T10:00:00Z',
        paid_at: paidAt,
      })
      .execute();
  }

  beforeAll(async () => {
    // Wednesday 25 November 2026, 11:00 in Madrid
    app = await startTestApp({ now: '2026-11-25T10:00:00Z' });
    admin = await createAccount(app, 'admin');
    await payment('2026-11-25T09:00:00Z', 3000); // today
    await payment('2026-11-24T23:30:00Z', 2000); // 00:30 today in Madrid
    await payment('2026-11-22T23:30:00Z', 1500); // 00:30 on Monday in Madrid: this week
    await payment('2026-11-22T22:30:00Z', 1000); // 23:30 on Sunday in Madrid: last week
    await payment('2026-10-01T10:00:00Z', 5000, 'paid', 2000); // partly refunded, long ago
    await payment(null, 9999, 'failed');

    const swimming = await insertActivity(app, 'Natación infantil', 4000);
    const padel = await insertActivity(app, 'Pádel adultos', 2500);
    const yoga = await insertActivity(app, 'Yoga', 1999);
    const one = await insertEnrolment(app, { first_name: 'Uxía', last_name: 'Núñez' }, [
      { id: swimming },
      { id: padel },
      { id: yoga, paid: true },
    ]);
    await insertEnrolment(app, { first_name: 'Brais', last_name: 'Otero' }, [{ id: swimming }]);
    const resident = await createAccount(app, 'user');
    await app.deps.repos.persons.link(resident.id, one.id);
  });
  afterAll(() => app.close());

  it('adds up collection in Europe/Madrid days and weeks, less refunds, and what is pending', async () => {
    const res = await app.fetch('/api/admin/summary', { headers: admin.headers });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown> & {
      per_day: { date: string; payments: number; amount_cents: number }[];
    };
    expect(body).toMatchObject({
      today: '2026-11-25',
      collected_cents: 3000 + 2000 + 1500 + 1000 + 3000,
      collected_today_cents: 5000,
      payments_today: 2,
      collected_week_cents: 6500,
      // 75 % of 40 + 25 + 40 euros, without the reduction
      pending_cents: 3000 + 1875 + 3000,
      pending_items: 3,
      people_pending: 2,
      accounts_pending: 1,
      top_pending: [
        { name: 'Natación infantil', pending_items: 2, pending_cents: 6000 },
        { name: 'Pádel adultos', pending_items: 1, pending_cents: 1875 },
      ],
    });
    expect(body.per_day).toHaveLength(30);
    expect(body.per_day[0]?.date).toBe('2026-10-27');
    expect(body.per_day.at(-1)).toEqual({ date: '2026-11-25', payments: 2, amount_cents: 5000 });
    expect(body.per_day.find((d) => d.date === '2026-11-23')).toMatchObject({ amount_cents: 1500 });
    expect(body.per_day.find((d) => d.date === '2026-11-22')).toMatchObject({ amount_cents: 1000 });
    expect(body.per_day.reduce((sum, d) => sum + d.amount_cents, 0)).toBe(7500);
  });

  it('breaks ties between activities by name, accents aside and "ñ" after "n"', async () => {
    for (const name of ['Zumba', 'Ñandú', 'Área de xogo']) {
      const activity = await insertActivity(app, name, 1000);
      await insertEnrolment(app, { first_name: 'Iria', last_name: name }, [{ id: activity }]);
    }
    const res = await app.fetch('/api/admin/summary', { headers: admin.headers });
    const body = (await res.json()) as { top_pending: { name: string; pending_items: number }[] };
    expect(body.top_pending.map((a) => [a.name, a.pending_items])).toEqual([
      ['Natación infantil', 2],
      ['Área de xogo', 1],
      ['Ñandú', 1],
      ['Pádel adultos', 1],
      ['Zumba', 1],
    ]);
  });

  it('is for staff only', async () => {
    const resident = await createAccount(app, 'user');
    expect((await app.fetch('/api/admin/summary', { headers: resident.headers })).status).toBe(403);
    expect((await app.fetch('/api/admin/summary')).status).toBe(401);
  });
});
