import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { payInSandbox } from '../payments/helpers.js';
import { errorOf } from '../residents/helpers.js';
import { feesWorld, tables, type Auth } from './support.js';

/**
 * Issue 60 items 4 and 7 together: a family's payment pays one activity's part 1 for two
 * children; a household title approved afterwards leaves each child's fee owing back. Staff see
 * and refund each person's amount (the payment holds the activity twice), and a duplicate family
 * payment goes back whole.
 */
describe('what a late reduction owes back on a family’s payment', () => {
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

  /** 240.04 € in three parts, two children of one account; a large family pays a fixed 50 €. */
  async function family() {
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
    await app.exec(sql`UPDATE circumstances SET scope = 'household' WHERE id = ${large}`);
    await w.rules(admin, {
      reductions: [{ circumstance_id: large, activity_id: null, percent: null, price: 50 }],
    });
    const a = await w.born('Antía', '2015-05-05');
    const b = await w.born('Brais', '2016-06-06');
    for (const person of [a, b]) await w.enrol(person, activity);
    const user = await w.family(a, b);
    return { activity, large, a, b, user };
  }
  type Family = Awaited<ReturnType<typeof family>>;

  const order = async (s: Family) => {
    const res = await app.json(
      '/api/payments/generate-multiple/',
      'POST',
      {
        use_discount: false,
        people: [s.a, s.b].map((id) => ({
          person_activity_id: id,
          parts: [{ activity_id: s.activity, number: 1 }],
        })),
      },
      s.user.auth,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as {
      action: string;
      fields: Record<string, string>;
      order: string;
      amount: number;
    };
  };

  /** One household request for both children, pending; its first row's id. */
  async function householdRequest(s: Family) {
    const now = new Date().toISOString();
    const ids: number[] = [];
    for (const person of [s.a, s.b]) {
      const row = await app.row<{ id: number }>(sql`
        INSERT INTO circumstance_requests (enrolment_id, circumstance_id, user_id, source, status,
          locale, created_at, updated_at)
        VALUES (${person}, ${s.large}, ${s.user.id}, 'resident', 'pending', 'es', ${now}, ${now})
        RETURNING id`);
      ids.push(Number(row!.id));
    }
    await app.exec(
      sql`UPDATE circumstance_requests SET household_id = ${ids[0]!} WHERE id IN (${ids[0]!}, ${ids[1]!})`,
    );
    return ids[0]!;
  }

  type Listed = {
    id: number;
    items: { activity_id: number; person_activity_id: number; refund_due?: number }[];
  };
  const refundDue = async () => {
    const res = await app.fetch('/api/admin/payments/?status=refund_due', { headers: admin });
    expect(res.status).toBe(200);
    return ((await res.json()) as { items: Listed[] }).items;
  };
  const dues = (payment: Listed | undefined) =>
    (payment?.items ?? [])
      .map((item) => [item.person_activity_id, item.refund_due ?? null])
      .sort((x, y) => Number(x[0]) - Number(y[0]));

  const refund = (paymentId: number, body: Record<string, unknown>) =>
    app.json(`/api/admin/payments/${paymentId}/refund`, 'POST', body, admin);

  it('one household approval leaves both children owing back; staff refund each one’s amount', async () => {
    const s = await family();
    const paid = await order(s);
    expect(paid.amount).toBe(160.02);
    await payInSandbox(app, paid);
    const request = await householdRequest(s);
    const approved = await app.json(
      `/api/admin/circumstance-requests/${request}/approve`,
      'POST',
      { valid_until: '2027-06-30' },
      admin,
    );
    expect(approved.status, await approved.clone().text()).toBe(200);

    // both children's fees owe back 80.01 − 50 = 30.01, each on their own item
    const [payment] = await refundDue();
    expect(dues(payment)).toEqual([
      [s.a, 30.01],
      [s.b, 30.01],
    ]);

    // the activity is in the payment twice: an amount without the person is refused
    const before = await tables(app, 'payment_refunds', 'enrolment_activities');
    const ambiguous = await refund(payment!.id, {
      reason: 'Reducción aprobada después del pago',
      activity_ids: [s.activity],
      amount: 30.01,
    });
    expect(await errorOf(ambiguous)).toMatchObject({ status: 422 });
    expect(await tables(app, 'payment_refunds', 'enrolment_activities')).toEqual(before);

    // Antía's amount: hers is refunded, Brais's still owed back
    const done = await refund(payment!.id, {
      reason: 'Reducción aprobada después del pago',
      activity_ids: [s.activity],
      amount: 30.01,
      person_activity_id: s.a,
    });
    expect(done.status, await done.clone().text()).toBe(200);
    expect(await done.json()).toMatchObject({ refunded_amount: 30.01 });
    const [left] = await refundDue();
    expect(dues(left)).toEqual([
      [s.a, null],
      [s.b, 30.01],
    ]);
    const owed = await app.rows<{ enrolment_id: number; owed_back_cents: number }>(
      sql`SELECT enrolment_id, owed_back_cents FROM enrolment_activities
          WHERE activity_id = ${s.activity} ORDER BY enrolment_id`,
    );
    expect(owed.map((r) => [Number(r.enrolment_id), Number(r.owed_back_cents)])).toEqual([
      [s.a, 0],
      [s.b, 3001],
    ]);
  });

  it('a duplicate family payment goes back whole, both children’s items, and never one person’s alone', async () => {
    const s = await family();
    const older = await order(s);
    const newer = await order(s);
    await payInSandbox(app, newer);
    app.clock.advance(60_000);
    await payInSandbox(app, older);
    const duplicate = (await w.payment(older.order))!;
    expect(duplicate.status).toBe('duplicate');
    const paidBefore = await tables(app, 'enrolment_activities');

    const one = await refund(duplicate.id, { reason: 'Cobro doble', person_activity_id: s.a });
    expect(await errorOf(one)).toMatchObject({ status: 422, code: 'refund_duplicate_whole' });

    const whole = await refund(duplicate.id, { reason: 'Cobro doble' });
    expect(whole.status, await whole.clone().text()).toBe(200);
    expect(await w.payment(older.order)).toMatchObject({
      refunded_cents: duplicate.amount_cents,
    });
    // what the other payment paid stays paid
    expect(await tables(app, 'enrolment_activities')).toEqual(paidBefore);
  });
});
