import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { owedBack } from '../../src/services/fees/parts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { payInSandbox } from '../payments/helpers.js';
import { feesWorld, type Auth } from './support.js';

/**
 * Issue 60, item 4: a reduction is judged on the activity's reference day; approved after part 1
 * was paid at the full price, the parts not yet paid are re-priced so that what was paid plus
 * what is due is the reduced fee, and the paid parts show what they charged. Paid through the
 * real checkout and the sandbox bank.
 */
describe('a reduction approved after some parts were paid', () => {
  let app: TestApp;
  let w: ReturnType<typeof feesWorld>;
  let admin: Auth;
  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-21T10:00:00Z' });
    w = feesWorld(app);
    admin = (await w.user('admin')).auth;
  });
  beforeEach(async () => {
    await w.clearRules();
    await w.settings({ payments_enabled: true, discount_bp: 0, deadline: '2026-12-15' });
  });
  afterAll(() => app.close());

  /** 240.04 € in three parts (33.33 %, 33.33 %, 33.34 %); a large family pays a fixed `reduced` €. */
  async function season(reduced: number) {
    const activity = await w.staffActivity(admin, {
      name: 'Escola de natación',
      price: 240.04,
      parts: [
        { percent: 33.33, due_date: '2026-12-15' },
        { percent: 33.33, due_date: '2027-01-15' },
        { percent: 33.34, due_date: '2027-02-15' },
      ],
    });
    const large = await w.circumstance('Familia numerosa');
    await w.rules(admin, {
      reductions: [{ circumstance_id: large, activity_id: null, percent: null, price: reduced }],
    });
    const person = await w.born('Uxía', '2015-05-05');
    await w.enrol(person, activity);
    const user = await w.family(person);
    return { activity, large, person, user };
  }

  type Line = { id: number; is_paid: boolean; amount: number; part: { number: number } | null };
  const lines = async (s: Awaited<ReturnType<typeof season>>) => {
    const res = await app.fetch(`/api/user/activities/${s.person}`, { headers: s.user.auth });
    expect(res.status).toBe(200);
    return ((await res.json()) as Line[])
      .filter((line) => line.id === s.activity)
      .map((line) => [line.part!.number, line.is_paid, line.amount]);
  };

  async function payPart(s: Awaited<ReturnType<typeof season>>, number: number) {
    const res = await app.json(
      '/api/payments/generate-multiple/',
      'POST',
      {
        person_activity_id: s.person,
        use_discount: false,
        parts: [{ activity_id: s.activity, number }],
      },
      s.user.auth,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const redirect = (await res.json()) as {
      action: string;
      fields: Record<string, string>;
      order: string;
    };
    expect((await payInSandbox(app, redirect)).location).toContain('/pago-ok');
  }

  const charged = async (person: number) =>
    Number(
      await app.value(sql`SELECT COALESCE(SUM(pi.amount_cents), 0) FROM payment_items pi
        JOIN payments p ON p.id = pi.payment_id
        WHERE p.status = 'paid' AND pi.enrolment_id = ${person}`),
    );

  it('part 1 paid at the full price, then 100 € approved: parts 2 and 3 bring the total to 100.00, and the paid tab shows what was charged', async () => {
    const s = await season(100);
    expect(await lines(s)).toEqual([
      [1, false, 80.01],
      [2, false, 80.01],
      [3, false, 80.02],
    ]);
    await payPart(s, 1);
    // the approval arrives late, in force on the activity's reference day (1 October)
    await w.approve(s.person, s.large, '2027-06-30');
    expect(await lines(s)).toEqual([
      [1, true, 80.01],
      [2, false, 9.99],
      [3, false, 10],
    ]);
    await payPart(s, 2);
    await payPart(s, 3);
    expect(await lines(s)).toEqual([
      [1, true, 80.01],
      [2, true, 9.99],
      [3, true, 10],
    ]);
    // not 113.34: what was charged is the reduced fee
    expect(await charged(s.person)).toBe(10000);
  });

  it('an approval that expires mid-season still covers every part: it was in force on the reference day', async () => {
    const s = await season(100);
    await w.approve(s.person, s.large, '2026-12-31');
    app.clock.set('2027-01-10T10:00:00Z');
    try {
      const user = (await app.deps.repos.users.findById(s.user.id))!;
      s.user.auth = { Authorization: `Bearer ${await app.deps.tokens.issue(user)}` };
      expect(await lines(s)).toEqual([
        [1, false, 33.33],
        [2, false, 33.33],
        [3, false, 33.34],
      ]);
    } finally {
      app.clock.set('2026-11-21T10:00:00Z');
    }
  });

  it('what was paid above the reduced fee: the parts left are 0 and the excess is owed back (charged − owed back = the reduced fee)', async () => {
    const s = await season(50);
    await payPart(s, 1);
    await w.approve(s.person, s.large, '2027-06-30');
    expect(await lines(s)).toEqual([
      [1, true, 80.01],
      [2, false, 0],
      [3, false, 0],
    ]);
    const link = await app.row<{ parts_paid: number; paid_amount_cents: number }>(
      sql`SELECT parts_paid, paid_amount_cents FROM enrolment_activities
          WHERE enrolment_id = ${s.person} AND activity_id = ${s.activity}`,
    );
    const parts = [
      { percent_bp: 3333, due_date: '2026-12-15' },
      { percent_bp: 3333, due_date: '2027-01-15' },
      { percent_bp: 3334, due_date: '2027-02-15' },
    ];
    const back = owedBack(parts, 5000, {
      partsPaid: Number(link!.parts_paid),
      paidCents: Number(link!.paid_amount_cents),
    });
    expect(back).toBe(3001);
    expect((await charged(s.person)) - back).toBe(5000);
  });
});
