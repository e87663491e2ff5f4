import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import {
  notificationParams,
  payInSandbox,
  pdfText,
  signedNotification,
} from '../payments/helpers.js';
import { feesWorld, tables, type Auth } from './support.js';

/**
 * Issue 60, item 7: the family difference (a paid fee's family discount no longer earned, its
 * member refunded) is a pending line the family pays online, by card or Bizum, as an item of its
 * fee: a receipt line names it, it is then no longer pending, it cannot be paid twice, and staff's
 * *Pendiente de cobro* counts it exactly while it is pending.
 */
describe('paying a family difference online', () => {
  let app: TestApp;
  let w: ReturnType<typeof feesWorld>;
  let admin: { id: number; auth: Auth };
  let school: number;
  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-21T10:00:00Z' });
    w = feesWorld(app);
    admin = await w.user('admin');
  });
  beforeEach(async () => {
    await w.clearRules();
    await w.settings({ payments_enabled: true, discount_bp: 0, deadline: '2026-12-15' });
    const current = await app.deps.repos.config.get();
    await app.deps.repos.config.save({ ...current, bizum_enabled: true });
    school = await w.staffActivity(admin.auth, {
      name: 'Escola',
      price: 60,
      fee_group: `Escolas ${Math.random()}`,
    });
    await w.rules(admin.auth, { family_discounts: [{ from_member: 2, percent: 50 }] });
  });
  afterAll(() => app.close());

  const pay = (user: { auth: Auth }, body: Record<string, unknown>, lang = 'es') =>
    app.json(
      '/api/payments/generate-multiple/',
      'POST',
      { use_discount: false, ...body },
      { ...user.auth, 'Accept-Language': lang },
    );

  const nameOf = async (id: number) => {
    const row = await app.row<{ first_name: string; last_name: string }>(
      sql`SELECT first_name, last_name FROM enrolments WHERE id = ${id}`,
    );
    return `${row!.first_name} ${row!.last_name}`;
  };

  type Difference = { id: number; amount: number; reason: string; member_name: string };
  const differenceOf = async (user: { auth: Auth }, person: number, lang = 'es') =>
    (
      (await w.due(user, person, lang)).get(school) as unknown as {
        family_difference?: Difference | null;
      }
    ).family_difference ?? null;

  const pendingOverview = async () => {
    const res = await app.fetch('/api/admin/summary', { headers: admin.auth });
    expect(res.status).toBe(200);
    return (await res.json()) as {
      pending_cents: number;
      pending_items: number;
      people_pending: number;
      accounts_pending: number;
      top_pending: { activity_id: number; pending_cents: number; pending_items: number }[];
    };
  };

  /** The ghost and the real child paid together (the real one at 50 %), then the ghost refunded. */
  async function refundedFamily() {
    const ghost = await w.born('Fantasma', '2015-01-01');
    const real = await w.born('Real', '2016-01-01');
    await w.enrol(ghost, school);
    await w.enrol(real, school);
    const user = await w.family(ghost, real);
    const res = await pay(user, {
      people: [
        { person_activity_id: ghost, activity_ids: [school] },
        { person_activity_id: real, activity_ids: [school] },
      ],
    });
    const redirect = await res.json();
    await payInSandbox(app, redirect);
    const first = (await w.payment(redirect.order))!;
    const refund = await app.json(
      `/api/admin/payments/${first.id}/refund`,
      'POST',
      { reason: 'Inscrición inventada', activity_ids: [school], person_activity_id: ghost },
      admin.auth,
    );
    expect(refund.status).toBe(200);
    const difference = (await differenceOf(user, real))!;
    expect(difference).toMatchObject({ amount: 30 });
    return { user, ghost, real, first, difference };
  }

  it('by card: one item of the fee charged the difference, a receipt line naming it, then nothing pending and a second checkout 409', async () => {
    const { user, ghost, real, first, difference } = await refundedFamily();
    // staff's overview counts it exactly: the ghost's fee (60 € whole again) and the difference
    const before = await pendingOverview();
    expect(before.top_pending.find((a) => a.activity_id === school)).toMatchObject({
      pending_cents: 6000 + 3000,
      pending_items: 2,
    });

    const res = await pay(user, {
      person_activity_id: real,
      activity_ids: [],
      family_differences: [difference.id],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const redirect = await res.json();
    expect(redirect.amount).toBe(30);
    await payInSandbox(app, redirect);
    const payment = (await w.payment(redirect.order))!;
    expect(payment.status).toBe('paid');

    // the fee stays paid as it was, by the first payment; the difference is settled by this one
    const fee = await w.enrolment(real, school);
    expect(fee).toMatchObject({ is_paid: 1 });
    expect(Number(fee.paid_payment_id)).toBe(first.id);
    const row = await app.row<{ settled_at: string | null; paid_payment_id: number | null }>(
      sql`SELECT settled_at, paid_payment_id FROM family_differences WHERE id = ${difference.id}`,
    );
    expect(row!.settled_at).not.toBeNull();
    expect(Number(row!.paid_payment_id)).toBe(payment.id);
    expect(await differenceOf(user, real)).toBeNull();
    const after = await pendingOverview();
    expect(after.top_pending.find((a) => a.activity_id === school)).toMatchObject({
      pending_cents: 6000,
      pending_items: 1,
    });
    expect(after.pending_cents).toBe(before.pending_cents - 3000);
    // the real child owed only the difference; the ghost's fee keeps the account pending
    expect(after.people_pending).toBe(before.people_pending - 1);
    expect(after.accounts_pending).toBe(before.accounts_pending);

    // the receipt and the history name it
    const receipt = await app.fetch(`/api/user/payments/${payment.id}/receipt?lang=es`, {
      headers: user.auth,
    });
    const text = pdfText(Buffer.from(await receipt.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toMatch(/Escola[^:]*: diferencia del descuento familiar 30,00 €/);
    expect(text).toContain(`lo daba ${await nameOf(ghost)}`);
    const history = await app.fetch('/api/user/payments/', { headers: user.auth });
    const paid = (
      (await history.json()) as { id: number; items: Record<string, unknown>[] }[]
    ).find((p) => p.id === payment.id)!;
    expect(paid.items).toEqual([
      expect.objectContaining({
        activity_id: school,
        person_activity_id: real,
        amount: 30,
        family_difference: { id: difference.id, member_name: await nameOf(ghost) },
      }),
    ]);

    // the receipt's check link, as a page (gl) and as JSON
    const code = String(
      await app.value(sql`SELECT verification_code FROM payments WHERE id = ${payment.id}`),
    ).replace(/-/g, '');
    const page = await app.fetch(`/api/receipts/${code}`, {
      headers: { Accept: 'text/html', 'Accept-Language': 'gl' },
    });
    expect(await page.text()).toMatch(/Escola[^:<]*: diferenza do desconto familiar: 30,00\s€/u);
    const checked = (await (await app.fetch(`/api/receipts/${code}`)).json()) as {
      activities: unknown[];
    };
    expect(checked.activities).toEqual([
      expect.objectContaining({ amount: 30, family_difference: true }),
    ]);

    // staff's export names it too
    const exported = await app.fetch('/api/admin/payments/export', { headers: admin.auth });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exported.arrayBuffer()) as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const column = (sheet.getRow(1).values as unknown[]).slice(1).indexOf('Actividades') + 1;
    let cell = '';
    sheet.eachRow((row) => {
      if (row.getCell(1).value === payment.id) cell = String(row.getCell(column).value);
    });
    expect(cell).toMatch(/^Escola[^:]*: diferencia del descuento familiar \(30\.00 €\)$/);

    // the bank's notification again changes nothing
    const stored = await tables(app, 'payments', 'payment_items', 'family_differences');
    await app.form(
      '/api/payments/notification',
      signedNotification(notificationParams(redirect.order, 3000)),
    );
    expect(await tables(app, 'payments', 'payment_items', 'family_differences')).toEqual(stored);

    // a second checkout: 409 in the reader's language, nothing stored
    for (const [lang, words] of [
      ['es', 'ya está pagada'],
      ['en', 'already paid'],
      ['gl', 'xa está pagada'],
    ] as const) {
      const again = await pay(
        user,
        { person_activity_id: real, activity_ids: [], family_differences: [difference.id] },
        lang,
      );
      expect(again.status).toBe(409);
      const body = (await again.json()) as { code: string; detail: string };
      expect(body.code).toBe('family_difference_settled');
      expect(body.detail).toContain(words);
      expect(body.detail).toContain('Escola');
    }
    expect(await tables(app, 'payments', 'payment_items', 'family_differences')).toEqual(stored);
  });

  it('by Bizum, together with another fee of the family: the bank’s Bizum answer settles it', async () => {
    const { user, ghost, real, difference } = await refundedFamily();
    // the ghost's fee (pending again, 60 €) and the real child's difference in one payment
    const res = await pay(user, {
      person_activity_id: ghost,
      activity_ids: [school],
      family_differences: [difference.id],
      pay_method: 'bizum',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const redirect = await res.json();
    expect(redirect.amount).toBe(90);
    const notified = await app.form(
      '/api/payments/notification',
      signedNotification(notificationParams(redirect.order, 9000, { Ds_ProcessedPayMethod: '68' })),
    );
    expect(notified.status).toBe(200);
    const payment = (await w.payment(redirect.order))!;
    expect(payment).toMatchObject({ status: 'paid', pay_method: 'bizum' });
    expect((await w.enrolment(ghost, school)).is_paid).toBe(1);
    expect(await differenceOf(user, real)).toBeNull();
  });

  it('a pending checkout of it is superseded by the next one of the same account; a paid difference given back is pending again', async () => {
    const { user, real, difference } = await refundedFamily();
    const body = {
      person_activity_id: real,
      activity_ids: [],
      family_differences: [difference.id],
    };
    const first = await (await pay(user, body)).json();
    const second = await pay(user, body);
    expect(second.status).toBe(200);
    const redirect = await second.json();
    expect((await w.payment(first.order))!.status).toBe('superseded');
    // the superseded order paid at the bank after all is a duplicate: the difference paid once
    await payInSandbox(app, redirect);
    await app.form(
      '/api/payments/notification',
      signedNotification(notificationParams(first.order, 3000)),
    );
    expect((await w.payment(first.order))!.status).toBe('duplicate');
    const payment = (await w.payment(redirect.order))!;
    expect(payment.status).toBe('paid');
    expect(await differenceOf(user, real)).toBeNull();

    // staff give it back: it is pending for the family again, and the fee stays paid
    const refund = await app.json(
      `/api/admin/payments/${payment.id}/refund`,
      'POST',
      { reason: 'Erro', activity_ids: [school] },
      admin.auth,
    );
    expect(refund.status, await refund.clone().text()).toBe(200);
    expect(await differenceOf(user, real)).toMatchObject({ id: difference.id, amount: 30 });
    expect((await w.enrolment(real, school)).is_paid).toBe(1);
  });

  it('a difference that is not the family’s is 404, nothing stored', async () => {
    const { difference } = await refundedFamily();
    const stranger = await w.born('Alleo', '2014-01-01');
    await w.enrol(stranger, school);
    const other = await w.family(stranger);
    const stored = await tables(app, 'payments', 'payment_items', 'family_differences');
    for (const id of [difference.id, 999999]) {
      const res = await pay(other, {
        person_activity_id: stranger,
        activity_ids: [],
        family_differences: [id],
      });
      expect(res.status).toBe(404);
    }
    expect(await tables(app, 'payments', 'payment_items', 'family_differences')).toEqual(stored);
  });
});
