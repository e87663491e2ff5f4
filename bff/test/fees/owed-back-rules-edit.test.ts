import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { payInSandbox } from '../payments/helpers.js';
import { feesWorld, type Auth } from './support.js';

/**
 * Issue 60, item 4, when the rules change rather than an approval: staff edit the fee rules
 * (`PUT /admin/fee-rules`) after part 1 of a fee was paid. The parts not yet paid are priced by
 * the new rules on read (what was paid + what is due = the fee as the new rules make it), and
 * what the paid part charged above it is owed back, as after a late approval: the dashboard's
 * `refund_due`, staff's "refund due" filter, the audit of the save.
 */
describe('what a fee in parts owes back after the fee rules change', () => {
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

  /** 240.04 € in three parts; a large family (approved) at a fixed `price` €; part 1 paid. */
  async function season(price: number) {
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
    const rule = (price: number) => ({
      reductions: [{ circumstance_id: large, activity_id: null, percent: null, price }],
    });
    await w.rules(admin, rule(price));
    const person = await w.born('Uxía', '2015-05-05');
    await w.enrol(person, activity);
    const user = await w.family(person);
    await w.approve(person, large, '2027-06-30');
    const res = await app.json(
      '/api/payments/generate-multiple/',
      'POST',
      {
        person_activity_id: person,
        use_discount: false,
        parts: [{ activity_id: activity, number: 1 }],
      },
      user.auth,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await payInSandbox(app, await res.json())).location).toContain('/pago-ok');
    return { activity, person, user, rule };
  }
  type Season = Awaited<ReturnType<typeof season>>;

  type Line = { id: number; is_paid: boolean; amount: number; refund_due?: number };
  const lines = async (s: Season) => {
    const res = await app.fetch(`/api/user/activities/${s.person}`, { headers: s.user.auth });
    expect(res.status).toBe(200);
    return ((await res.json()) as Line[])
      .filter((line) => line.id === s.activity)
      .map((line) => [line.is_paid, line.amount, line.refund_due ?? null]);
  };
  const owedBack = async (s: Season) =>
    Number(
      await app.value(sql`SELECT owed_back_cents FROM enrolment_activities
        WHERE enrolment_id = ${s.person} AND activity_id = ${s.activity}`),
    );
  const refundDueItems = async () => {
    const res = await app.fetch('/api/admin/payments/?status=refund_due', { headers: admin });
    expect(res.status).toBe(200);
    return (
      (await res.json()) as { items: { items: { activity_id: number; refund_due?: number }[] }[] }
    ).items.flatMap((payment) => payment.items);
  };

  it('a lower fixed price than what part 1 charged: parts 2 and 3 are 0 and the excess is a refund due', async () => {
    const s = await season(180);
    // 180 € in three parts: part 1 charged 59.99, the others share what is left
    expect(await lines(s)).toEqual([
      [true, 59.99, null],
      [false, 60, null],
      [false, 60.01, null],
    ]);
    await w.rules(admin, s.rule(50));
    // what was paid (59.99) is above the fee as the new rules make it (50): 9.99 owed back
    expect(await owedBack(s)).toBe(999);
    expect(await lines(s)).toEqual([
      [true, 59.99, 9.99],
      [false, 0, 9.99],
      [false, 0, 9.99],
    ]);
    expect(await refundDueItems()).toContainEqual(
      expect.objectContaining({ activity_id: s.activity, refund_due: 9.99 }),
    );
    const audit = await app.row<{ details: string }>(
      sql`SELECT details FROM audit_log WHERE action = 'fee_rules.update' ORDER BY id DESC LIMIT 1`,
    );
    expect(JSON.parse(audit!.details)).toMatchObject({
      owed_back: [{ enrolment_id: s.person, activity_id: s.activity, owed_back_cents: 999 }],
    });
  });

  it('a price that leaves part 1 below the fee: the unpaid parts are re-priced, nothing owed back; raising it again takes back what was owed', async () => {
    const s = await season(180);
    await w.rules(admin, s.rule(100));
    // 59.99 paid + 40.01 due = 100.00, in the parts' own proportions
    expect(await lines(s)).toEqual([
      [true, 59.99, null],
      [false, 20, null],
      [false, 20.01, null],
    ]);
    expect(await owedBack(s)).toBe(0);
    await w.rules(admin, s.rule(40));
    expect(await owedBack(s)).toBe(1999);
    await w.rules(admin, s.rule(180));
    expect(await owedBack(s)).toBe(0);
    expect(await lines(s)).toEqual([
      [true, 59.99, null],
      [false, 60, null],
      [false, 60.01, null],
    ]);
  });
});
