import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { payInSandbox } from '../payments/helpers.js';
import { errorOf } from '../residents/helpers.js';
import { feesWorld, type Auth } from './support.js';

/**
 * Issue 60, item 4: part 1 of a fee in parts paid at the full price through the sandbox bank,
 * then staff approve a fixed reduced price below what was paid. The excess is owed back: staff
 * see it under "refund due", the resident is told and sees it on the fee's lines, and staff give
 * exactly it back through the (sandbox) bank; total charged − refunded = the reduced fee.
 */
describe('what a reduction approved after payment owes back', () => {
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
    await app.exec(sql`UPDATE config SET reminder_channel = 'both'`);
  });
  afterAll(() => app.close());

  /** 240.04 € in three parts; a large family pays a fixed 50 €; asked by the resident in `locale`. */
  async function season(locale: 'es' | 'en' | 'gl') {
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
      reductions: [{ circumstance_id: large, activity_id: null, percent: null, price: 50 }],
    });
    const person = await w.born('Uxía', '2015-05-05');
    await w.enrol(person, activity);
    const user = await w.family(person);
    const email = `familia${person}@example.gal`;
    await app.exec(sql`UPDATE users SET email = ${email} WHERE id = ${user.id}`);
    const now = new Date().toISOString();
    const request = await app.row<{ id: number }>(sql`
      INSERT INTO circumstance_requests (enrolment_id, circumstance_id, user_id, source, status,
        locale, created_at, updated_at)
      VALUES (${person}, ${large}, ${user.id}, 'resident', 'pending', ${locale}, ${now}, ${now})
      RETURNING id`);
    return { activity, person, user, email, request: Number(request!.id) };
  }
  type Season = Awaited<ReturnType<typeof season>>;

  async function payPart1(s: Season) {
    const res = await app.json(
      '/api/payments/generate-multiple/',
      'POST',
      {
        person_activity_id: s.person,
        use_discount: false,
        parts: [{ activity_id: s.activity, number: 1 }],
      },
      s.user.auth,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const redirect = (await res.json()) as { action: string; fields: Record<string, string> };
    expect((await payInSandbox(app, redirect)).location).toContain('/pago-ok');
  }

  const approve = async (s: Season) => {
    const res = await app.json(
      `/api/admin/circumstance-requests/${s.request}/approve`,
      'POST',
      { valid_until: '2027-06-30' },
      admin,
    );
    expect(res.status, await res.clone().text()).toBe(200);
  };

  type Line = { id: number; is_paid: boolean; amount: number; refund_due?: number };
  const lines = async (s: Season) => {
    const res = await app.fetch(`/api/user/activities/${s.person}`, { headers: s.user.auth });
    expect(res.status).toBe(200);
    return ((await res.json()) as Line[])
      .filter((line) => line.id === s.activity)
      .map((line) => [line.is_paid, line.amount, line.refund_due ?? null]);
  };

  type Listed = {
    id: number;
    status: string;
    refunded_amount: number;
    items: { activity_id: number; amount: number; refund_due?: number }[];
  };
  const refundDue = async (lang = 'es') => {
    const res = await app.fetch('/api/admin/payments/?status=refund_due', {
      headers: { ...admin, 'Accept-Language': lang },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { items: Listed[] }).items;
  };

  const refund = (paymentId: number, body: Record<string, unknown>) =>
    app.json(`/api/admin/payments/${paymentId}/refund`, 'POST', body, admin);

  const charged = async (person: number) =>
    Number(
      await app.value(sql`SELECT COALESCE(SUM(p.amount_cents), 0) FROM payments p
        WHERE p.status = 'paid' AND p.enrolment_id = ${person}`),
    );
  const refunded = async (person: number) =>
    Number(
      await app.value(sql`SELECT COALESCE(SUM(p.refunded_cents), 0) FROM payments p
        WHERE p.enrolment_id = ${person}`),
    );

  it('part 1 paid at full, then 50 € approved: 30.01 € refund due, the resident told, refunded through the bank to the cent', async () => {
    const s = await season('gl');
    await payPart1(s);
    expect(await refundDue()).toEqual([]);
    await approve(s);

    // the resident, told in the language they asked in, by the reminders' channel (both)
    const told = await app.rows<{ channel: string; subject: string | null; body: string }>(
      sql`SELECT channel, subject, body FROM outbox WHERE body LIKE ${'%evolverémosche%'} ORDER BY id`,
    );
    expect(told.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect(told.every((m) => m.body.includes('30,01'))).toBe(true);
    expect(told.find((m) => m.channel === 'email')?.subject).toMatch(/^Devolverémosche 30,01/);

    // the paid tab shows what was charged; every line of the fee says what will be refunded
    expect(await lines(s)).toEqual([
      [true, 80.01, 30.01],
      [false, 0, 30.01],
      [false, 0, 30.01],
    ]);

    // staff: under "refund due", with the amount
    const due = await refundDue();
    expect(due).toHaveLength(1);
    const payment = due[0]!;
    expect(payment).toMatchObject({ status: 'paid', refunded_amount: 0 });
    expect(payment.items).toEqual([
      expect.objectContaining({ activity_id: s.activity, amount: 80.01, refund_due: 30.01 }),
    ]);
    // the other filters are as before
    const paid = await app.fetch('/api/admin/payments/?status=paid', { headers: admin });
    expect(((await paid.json()) as { items: Listed[] }).items.map((p) => p.id)).toContain(
      payment.id,
    );

    // more than is owed back: the existing error, nothing changed
    const before = await app.rows(sql`SELECT * FROM payment_refunds ORDER BY id`);
    const over = await refund(payment.id, {
      reason: 'Reducción aprobada después del pago',
      activity_ids: [s.activity],
      amount: 30.02,
    });
    expect(await errorOf(over)).toMatchObject({ status: 409, code: 'refund_over_refund' });
    expect(await app.rows(sql`SELECT * FROM payment_refunds ORDER BY id`)).toEqual(before);
    // an amount names one activity
    const two = await refund(payment.id, {
      reason: 'Reducción aprobada después del pago',
      activity_ids: [s.activity, s.activity + 1000],
      amount: 1,
    });
    expect(await errorOf(two)).toMatchObject({ status: 422 });
    expect(JSON.stringify(await app.rows(sql`SELECT * FROM payment_refunds ORDER BY id`))).toBe(
      JSON.stringify(before),
    );

    // exactly what is owed back, through the bank
    const done = await refund(payment.id, {
      reason: 'Reducción aprobada después del pago',
      activity_ids: [s.activity],
      amount: 30.01,
    });
    expect(done.status, await done.clone().text()).toBe(200);
    expect(await done.json()).toMatchObject({
      status: 'partially_refunded',
      refunded_amount: 30.01,
      items: [expect.not.objectContaining({ refund_due: expect.anything() })],
      refunds: [expect.objectContaining({ amount: 30.01, status: 'succeeded' })],
    });
    const bank = await app.rows<{ amount_cents: number }>(
      sql`SELECT st.amount_cents FROM sandbox_transactions st
          JOIN payments p ON p.order_code = st.order_code
          WHERE p.id = ${payment.id} AND st.transaction_type = '3'`,
    );
    expect(bank.map((row) => Number(row.amount_cents))).toEqual([3001]);
    // charged − refunded = the reduced fee, to the cent
    expect((await charged(s.person)) - (await refunded(s.person))).toBe(5000);
    const audit = await app.row<{ details: string }>(
      sql`SELECT details FROM audit_log WHERE action = 'payment.refund_succeeded'
          AND entity_id = ${String(payment.id)}`,
    );
    expect(JSON.parse(audit!.details)).toMatchObject({ amount_cents: 3001, owed_back: true });

    // nothing owed back any more
    expect(await refundDue()).toEqual([]);
    expect(await lines(s)).toEqual([
      [true, 80.01, null],
      [false, 0, null],
      [false, 0, null],
    ]);
    // a second refund of it: the existing error
    const again = await refund(payment.id, {
      reason: 'Reducción aprobada después del pago',
      activity_ids: [s.activity],
      amount: 0.01,
    });
    expect(await errorOf(again)).toMatchObject({ status: 409, code: 'refund_over_refund' });
    expect((await charged(s.person)) - (await refunded(s.person))).toBe(5000);
  });

  it('tells the resident in Spanish and in English too', async () => {
    for (const [locale, words] of [
      ['es', 'Te devolveremos 30,01'],
      ['en', 'We will refund €30.01'],
    ] as const) {
      const s = await season(locale);
      await payPart1(s);
      await approve(s);
      const told = await app.rows<{ body: string }>(
        sql`SELECT body FROM outbox WHERE recipient = ${s.email} AND subject LIKE ${`${words}%`}`,
      );
      expect(told).toHaveLength(1);
    }
  });

  it('a refund of part 1 whole leaves nothing owed back', async () => {
    const s = await season('es');
    await payPart1(s);
    await approve(s);
    const mine = async () =>
      (await refundDue()).filter((p) => p.items.some((i) => i.activity_id === s.activity));
    const payment = (await mine())[0]!;
    const whole = await refund(payment.id, { reason: 'Baja', activity_ids: [s.activity] });
    expect(whole.status, await whole.clone().text()).toBe(200);
    expect(await mine()).toEqual([]);
    expect((await lines(s)).map((line) => line[2])).toEqual([null, null, null]);
  });
});
