import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  listMyPayments,
  listPayments,
  listPersonActivities,
  refundPayment,
} from '../../src/generated/sdk.gen.js';
import { zError } from '../../src/generated/zod.gen.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { factory } from './factory.js';
import { fakeRedsysRest, REDSYS_ENV } from './fake-redsys.js';
import { generate, notificationParams, payInSandbox, signedNotification } from './helpers.js';

describe('refunds', () => {
  let app: TestApp;
  let f: ReturnType<typeof factory>;
  let admin: Awaited<ReturnType<ReturnType<typeof factory>['user']>>;
  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-21T10:00:00Z' });
    f = factory(app);
    admin = await f.user('admin');
  });
  beforeEach(async () => {
    await f.settings({ payments_enabled: true, discount_bp: 0, deadline: '2026-12-15' });
  });
  afterAll(() => app.close());

  /** Two activities paid by card through the sandbox gateway (which then knows the payment). */
  async function paidBySandbox(prices = [4000, 8000]) {
    const household = await f.household(prices);
    const redirect = await generate(app, household.user.token, {
      person_activity_id: household.person.id,
      activity_ids: household.activities,
      use_discount: false,
    });
    await payInSandbox(app, redirect);
    const payment = (await f.payment(redirect.order))!;
    expect(payment.status).toBe('paid');
    return { ...household, redirect, payment };
  }

  const refund = (paymentId: number, body: unknown, lang = 'es') =>
    app.json(`/api/admin/payments/${paymentId}/refund`, 'POST', body, {
      ...admin.auth,
      'Accept-Language': lang,
    });
  const snapshotOf = async (paymentId: number) => ({
    payment: await app.row(
      sql`SELECT status, refunded_cents FROM payments WHERE id = ${paymentId}`,
    ),
    refunds: await app.rows(
      sql`SELECT status FROM payment_refunds WHERE payment_id = ${paymentId}`,
    ),
    items: await app.rows(
      sql`SELECT activity_id, refund_id FROM payment_items WHERE payment_id = ${paymentId} ORDER BY activity_id`,
    ),
    links: await app.rows(
      sql`SELECT activity_id, is_paid FROM enrolment_activities WHERE enrolment_id = (SELECT enrolment_id FROM payments WHERE id = ${paymentId}) ORDER BY activity_id`,
    ),
  });

  it('refunds one activity: recorded, audited, the activity pending again, the enrolment kept', async () => {
    const { payment, person, activities, user } = await paidBySandbox();
    const { data } = await refundPayment({
      client: app.api,
      headers: admin.auth,
      path: { payment_id: payment.id },
      body: { reason: 'Baja por lesión', activity_ids: [activities[1]!] },
      throwOnError: true,
    });
    expect(data).toMatchObject({
      id: payment.id,
      status: 'partially_refunded',
      amount: 90,
      refunded_amount: 60,
      receipt_available: true,
      refunds: [
        {
          amount: 60,
          reason: 'Baja por lesión',
          status: 'succeeded',
          gateway_code: '0900',
          actor_dni: `****${admin.dni.slice(-5)}`,
          activity_ids: [activities[1]],
        },
      ],
    });
    expect(data.items.map((i) => [i.activity_id, i.refunded])).toEqual([
      [activities[0], false],
      [activities[1], true],
    ]);
    // the resident sees the activity pending again, and the payment partly refunded
    const view = await listPersonActivities({
      client: app.api,
      headers: user.auth,
      path: { person_activity_id: person.id },
      throwOnError: true,
    });
    expect(view.data.map((a) => [a.id, a.is_paid]).sort()).toEqual(
      [
        [activities[0], true],
        [activities[1], false],
      ].sort(),
    );
    const history = await listMyPayments({
      client: app.api,
      headers: user.auth,
      throwOnError: true,
    });
    expect(history.data[0]).toMatchObject({ status: 'partially_refunded', refunded_amount: 60 });
    const audit = await app.column<string>(
      sql`SELECT action FROM audit_log WHERE entity = 'payment' AND entity_id = ${String(payment.id)} ORDER BY id`,
    );
    expect(audit.slice(-2)).toEqual(['payment.refund_requested', 'payment.refund_succeeded']);

    // the rest, later: fully refunded
    const rest = await refund(payment.id, { reason: 'Baja definitiva' });
    expect(rest.status).toBe(200);
    expect(await rest.json()).toMatchObject({ status: 'refunded', refunded_amount: 90 });
    const filtered = await listPayments({
      client: app.api,
      headers: admin.auth,
      query: { status: 'refunded' },
      throwOnError: true,
    });
    expect(filtered.data.items.map((p) => p.id)).toContain(payment.id);
  });

  it('refuses, changing nothing: no reason, not paid, more than is left, a foreign activity', async () => {
    const { payment, activities } = await paidBySandbox();
    const before = await snapshotOf(payment.id);
    const blank = await refund(payment.id, { reason: '   ' }, 'gl');
    expect(blank.status).toBe(422);
    expect(zError.parse(await blank.json()).detail).toEqual([
      {
        loc: ['body', 'reason'],
        msg: 'Indica o motivo da devolución (ata 500 caracteres).',
        type: 'reason_required',
      },
    ]);
    const foreign = await refund(payment.id, {
      reason: 'x',
      activity_ids: [activities[0]!, 999_999],
    });
    expect(foreign.status).toBe(422);
    expect((await foreign.json()).detail[0]).toMatchObject({
      loc: ['body', 'activity_ids', 1],
      type: 'activity_not_in_payment',
    });
    expect(await snapshotOf(payment.id)).toEqual(before);

    expect((await refund(payment.id, { reason: 'Baja' })).status).toBe(200);
    const again = await refund(payment.id, { reason: 'Otra vez' }, 'en');
    expect(again.status).toBe(409);
    expect(zError.parse(await again.json())).toMatchObject({ code: 'refund_over_refund' });

    const pending = await f.household([3000]);
    const redirect = await generate(app, pending.user.token, {
      person_activity_id: pending.person.id,
      activity_ids: pending.activities,
      use_discount: false,
    });
    const unpaid = (await f.payment(redirect.order))!;
    const notPaid = await refund(unpaid.id, { reason: 'Baja' });
    expect(notPaid.status).toBe(409);
    expect((await notPaid.json()).code).toBe('refund_not_paid');
    expect((await refund(999_999, { reason: 'Baja' })).status).toBe(404);
    const resident = await app.json(
      `/api/admin/payments/${payment.id}/refund`,
      'POST',
      { reason: 'x' },
      pending.user.auth,
    );
    expect(resident.status).toBe(403);
  });

  it('never refunds twice when two clicks arrive at once', async () => {
    const { payment } = await paidBySandbox([5000]);
    const answers = await Promise.all([
      refund(payment.id, { reason: 'Doble clic' }),
      refund(payment.id, { reason: 'Doble clic' }),
      refund(payment.id, { reason: 'Doble clic' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const refunds = await app.rows(
      sql`SELECT status, amount_cents FROM payment_refunds WHERE payment_id = ${payment.id}`,
    );
    expect(refunds).toEqual([{ status: 'succeeded', amount_cents: 3750 }]);
    // the bank (the sandbox) was asked once
    const atBank = await app.rows(
      sql`SELECT amount_cents FROM sandbox_transactions WHERE order_code = ${payment.order_code} AND transaction_type = '3'`,
    );
    expect(atBank).toEqual([{ amount_cents: 3750 }]);
  });

  it('refunds a duplicate payment whole, which clears it from the duplicates to refund', async () => {
    const { user, person, activities, payment } = await paidBySandbox([3000]);
    // a second order for the same activity, paid too: a duplicate
    const second = await generate(app, user.token, {
      person_activity_id: person.id,
      activity_ids: activities,
      use_discount: true,
    }).catch(() => null);
    expect(second).toBeNull(); // already paid: the portal refuses a second order...
    // ...but an older pending order paid late becomes a duplicate
    const household = await f.household([3000]);
    const first = await generate(app, household.user.token, {
      person_activity_id: household.person.id,
      activity_ids: household.activities,
      use_discount: false,
    });
    const late = await generate(app, household.user.token, {
      person_activity_id: household.person.id,
      activity_ids: household.activities,
      use_discount: false,
    });
    await payInSandbox(app, late);
    await payInSandbox(app, first);
    const duplicate = (await f.payment(first.order))!;
    expect(duplicate.status).toBe('duplicate');
    const toRefund = () =>
      listPayments({
        client: app.api,
        headers: admin.auth,
        query: { status: 'duplicate' },
        throwOnError: true,
      }).then((r) => r.data.items.map((p) => p.id));
    expect(await toRefund()).toContain(duplicate.id);
    const partial = await refund(duplicate.id, { reason: 'Cobro doble', activity_ids: [] });
    expect(partial.status).toBe(422);
    const res = await refund(duplicate.id, { reason: 'Cobro doble' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'refunded', refunded_amount: 22.5 });
    expect(await toRefund()).not.toContain(duplicate.id);
    // the activity stays paid by the other payment
    expect((await f.enrolment(household.person.id, household.activities[0]!)).is_paid).toBe(1);
    expect(payment.status).toBe('paid');
  });
});

describe('refunds through a gateway that refuses', () => {
  let app: TestApp;
  let bank: { url: string; close: () => Promise<void>; requests: Record<string, string>[] };
  beforeAll(async () => {
    bank = await fakeRedsysRest({ errorCode: 'SIS0214' });
    app = await startTestApp({
      now: '2026-11-21T10:00:00Z',
      env: { ...REDSYS_ENV, REDSYS_REST_URL: bank.url },
    });
  });
  afterAll(async () => {
    await app.close();
    await bank.close();
  });

  it('shows the gateway’s code to staff and changes nothing', async () => {
    const f = factory(app);
    await f.settings({ payments_enabled: true, discount_bp: 0, deadline: '2026-12-15' });
    const admin = await f.user('admin');
    const { user, person, activities } = await f.household([4000]);
    const redirect = await generate(app, user.token, {
      person_activity_id: person.id,
      activity_ids: activities,
      use_discount: false,
    });
    await app.form(
      '/api/payments/notification',
      signedNotification(notificationParams(redirect.order, 3000)),
    );
    const payment = (await f.payment(redirect.order))!;
    const res = await app.json(
      `/api/admin/payments/${payment.id}/refund`,
      'POST',
      { reason: 'Baja' },
      { ...admin.auth, 'Accept-Language': 'en' },
    );
    expect(res.status).toBe(502);
    expect(zError.parse(await res.json())).toEqual({
      detail: 'The gateway refused the refund (code SIS0214). Nothing was refunded.',
      code: 'refund_gateway_refused',
    });
    // Redsys was asked for exactly this refund
    expect(bank.requests).toEqual([
      {
        DS_MERCHANT_AMOUNT: '3000',
        DS_MERCHANT_ORDER: redirect.order,
        DS_MERCHANT_MERCHANTCODE: '999008881',
        DS_MERCHANT_CURRENCY: '978',
        DS_MERCHANT_TRANSACTIONTYPE: '3',
        DS_MERCHANT_TERMINAL: '1',
      },
    ]);
    expect(
      await app.row(sql`SELECT status, refunded_cents FROM payments WHERE id = ${payment.id}`),
    ).toEqual({
      status: 'paid',
      refunded_cents: 0,
    });
    expect(await app.rows(sql`SELECT status, gateway_code FROM payment_refunds`)).toEqual([
      { status: 'failed', gateway_code: 'SIS0214' },
    ]);
    expect(await app.rows(sql`SELECT refund_id FROM payment_items`)).toEqual([{ refund_id: null }]);
    expect((await f.enrolment(person.id, activities[0]!)).is_paid).toBe(1);
  });
});
