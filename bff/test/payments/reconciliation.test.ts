import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkPayment } from '../../src/generated/sdk.gen.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { factory } from './factory.js';
import { fakeRedsysQuery, REDSYS_ENV } from './fake-redsys.js';
import {
  generate,
  notificationParams,
  payInSandbox,
  signedNotification,
  TEST_CARD,
} from './helpers.js';

describe('recovering lost payments', () => {
  let app: TestApp;
  let f: ReturnType<typeof factory>;
  let admin: Awaited<ReturnType<ReturnType<typeof factory>['user']>>;
  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-21T10:00:00Z' });
    f = factory(app);
    admin = await f.user('admin');
  });
  beforeEach(async () => {
    app.clock.set('2026-11-21T10:00:00Z');
    await f.settings({ payments_enabled: true, discount_bp: 0, deadline: '2026-12-15' });
    // other tests' pending payments are not this test's business
    await app.exec(sql`UPDATE payments SET status = 'superseded' WHERE status = 'pending'`);
  });
  afterAll(() => app.close());

  /** An order the bank decided on, whose notification never arrived. */
  async function lostNotification(decision: 'approve' | 'deny' = 'approve') {
    const household = await f.household([4000]);
    const redirect = await generate(app, household.user.token, {
      person_activity_id: household.person.id,
      activity_ids: household.activities,
      use_discount: false,
    });
    await payInSandbox(app, redirect, TEST_CARD, decision, { lose_notification: '1' });
    const payment = (await f.payment(redirect.order))!;
    expect(payment.status).toBe('pending');
    return { ...household, redirect, payment };
  }

  const status = async (order: string) => (await f.payment(order))!.status;

  it('the job finds a lost approval once the payment has waited 15 minutes, and applies it once', async () => {
    const { redirect, person, activities, payment } = await lostNotification();
    app.clock.advance(10 * 60_000);
    await app.deps.jobs.runNow('reconcile');
    expect(await status(redirect.order)).toBe('pending');
    app.clock.advance(6 * 60_000);
    const run = await app.deps.jobs.runNow('reconcile');
    expect(run).toMatchObject({ ran: true, result: { paid: 1 } });
    expect(await status(redirect.order)).toBe('paid');
    expect((await f.enrolment(person.id, activities[0]!)).paid_payment_id).toBe(payment.id);
    const audit = await app.rows<{ action: string; details: string }>(
      sql`SELECT action, details FROM audit_log WHERE entity = 'payment' AND entity_id = ${String(payment.id)} ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['payment.create', 'payment.paid']);
    expect(JSON.parse(audit[1]!.details)).toMatchObject({ source: 'reconciliation', to: 'paid' });
    expect((await f.payment(redirect.order))!.verification_code).toMatch(/^\w{4}-\w{4}-\w{4}$/);

    // the notification arrives after all: nothing more happens
    const late = await app.form(
      '/api/payments/notification',
      signedNotification(notificationParams(redirect.order, 3000)),
    );
    expect(await late.json()).toEqual({ status: 'paid', code: 'notification_repeated' });
    const paidEvents = await app.value<number>(
      sql`SELECT COUNT(*) AS n FROM audit_log WHERE action = 'payment.paid' AND entity_id = ${String(payment.id)}`,
    );
    expect(Number(paidEvents)).toBe(1);
  });

  it('marks a lost denial failed, and expires an order the bank never saw after 24 hours', async () => {
    const denied = await lostNotification('deny');
    const abandoned = await f.household([2000]);
    const never = await generate(app, abandoned.user.token, {
      person_activity_id: abandoned.person.id,
      activity_ids: abandoned.activities,
      use_discount: false,
    });
    app.clock.advance(16 * 60_000);
    await app.deps.jobs.runNow('reconcile');
    expect(await status(denied.redirect.order)).toBe('failed');
    expect(await status(never.order)).toBe('pending');
    app.clock.advance(24 * 3600_000);
    await app.deps.jobs.runNow('reconcile');
    expect(await status(never.order)).toBe('expired');
    // its activity is free to pay again (with a new session: a day has passed)
    const account = (await app.deps.repos.users.findById(abandoned.user.id))!;
    const again = await generate(app, await app.deps.tokens.issue(account), {
      person_activity_id: abandoned.person.id,
      activity_ids: abandoned.activities,
      use_discount: false,
    });
    expect(again.order).not.toBe(never.order);
  });

  it('staff check one payment now, and get it as it stands', async () => {
    const { payment, redirect } = await lostNotification();
    const { data } = await checkPayment({
      client: app.api,
      headers: admin.auth,
      path: { payment_id: payment.id },
      throwOnError: true,
    });
    expect(data).toMatchObject({ id: payment.id, status: 'paid', receipt_available: true });
    expect(data.authorisation_code).toMatch(/^\d{6}$/);
    const again = await checkPayment({
      client: app.api,
      headers: admin.auth,
      path: { payment_id: payment.id },
      throwOnError: true,
    });
    expect(again.data.status).toBe('paid');
    expect(await status(redirect.order)).toBe('paid');
    const resident = await app.fetch(`/api/admin/payments/${payment.id}/check`, {
      method: 'POST',
      headers: (await f.user()).auth,
    });
    expect(resident.status).toBe(403);
  });

  it('runs the job once when asked twice at the same moment', async () => {
    await lostNotification();
    app.clock.advance(16 * 60_000);
    const runs = await Promise.all([
      app.deps.jobs.runNow('reconcile'),
      app.deps.jobs.runNow('reconcile'),
    ]);
    expect(runs.map((r) => r.ran).sort()).toEqual([false, true]);
  });
});

describe('the status query against Redsys', () => {
  let app: TestApp;
  let bank: Awaited<ReturnType<typeof fakeRedsysQuery>>;
  beforeAll(async () => {
    bank = await fakeRedsysQuery();
    app = await startTestApp({
      now: '2026-11-21T10:00:00Z',
      env: { ...REDSYS_ENV, REDSYS_QUERY_URL: bank.url },
    });
  });
  afterAll(async () => {
    await app.close();
    await bank.close();
  });

  it('asks consultaOperaciones with the signed <Version> and applies its answer', async () => {
    const f = factory(app);
    await f.settings({ payments_enabled: true, discount_bp: 0, deadline: '2026-12-15' });
    const admin = await f.user('admin');
    const { user, person, activities } = await f.household([4000]);
    const redirect = await generate(app, user.token, {
      person_activity_id: person.id,
      activity_ids: activities,
      use_discount: false,
    });
    const payment = (await f.payment(redirect.order))!;
    bank.answer = {
      order: redirect.order,
      amount: '3000',
      response: '0000',
      authorisation: '481516',
    };
    const res = await app.fetch(`/api/admin/payments/${payment.id}/check`, {
      method: 'POST',
      headers: admin.auth,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'paid', authorisation_code: '481516' });
    expect(bank.requests).toHaveLength(1);
    expect(bank.requests[0]).toMatchObject({
      soapAction: 'consultaOperaciones',
      signatureValid: true,
      order: redirect.order,
      merchant: '999008881',
      terminal: '1',
    });
  });
});
