import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMyPayments, listPersonActivities } from '../../src/generated/sdk.gen.js';
import { zError, zNotificationResult, zPaymentRedirect } from '../../src/generated/zod.gen.js';
import { factory } from './factory.js';
import { generate, merchantParams, payInSandbox } from './helpers.js';
import {
  startTestApp as startPaymentsApp,
  type TestApp as PaymentsTestApp,
} from '../helpers/test-app.js';

describe('card payment through the sandbox gateway', () => {
  let app: PaymentsTestApp;
  let f: ReturnType<typeof factory>;
  beforeAll(async () => {
    app = await startPaymentsApp({ now: '2026-11-21T10:00:00Z' });
    f = factory(app);
    await f.settings({ payments_enabled: true, discount_bp: 0, deadline: '2026-12-15' });
  });
  afterAll(() => app.close());

  it('generate → card page → approve → signed notification → activities paid and listed', async () => {
    const { user, person, activities } = await f.household([6000, 8550]);
    const [swim, padel] = activities as [number, number];
    const redirect = await generate(
      app,
      user.token,
      { person_activity_id: person.id, activity_ids: [swim, padel], use_discount: false },
      'en',
    );
    zPaymentRedirect.parse(redirect);
    expect(redirect.action).toBe(`${app.baseUrl}/api/payments/sandbox`);
    expect(redirect.amount).toBe(109.13); // 45.00 + 64.13 (75 %, rounded to the cent)
    expect(redirect.order).toMatch(/^2611[0-9A-Za-z]{8}$/);
    expect(redirect.fields.Ds_SignatureVersion).toBe('HMAC_SHA256_V1');

    const payment = (await f.payment(redirect.order))!;
    expect(payment).toMatchObject({ status: 'pending', amount_cents: 10913 });
    const params = merchantParams(redirect.fields);
    expect(params).toMatchObject({
      DS_MERCHANT_AMOUNT: '10913',
      DS_MERCHANT_ORDER: redirect.order,
      DS_MERCHANT_MERCHANTCODE: '999008881',
      DS_MERCHANT_CURRENCY: '978',
      DS_MERCHANT_TRANSACTIONTYPE: '0',
      DS_MERCHANT_TERMINAL: '1',
      DS_MERCHANT_MERCHANTURL: `${app.baseUrl}/api/payments/notification`,
      DS_MERCHANT_URLOK: `${app.baseUrl}/pago-ok`,
      DS_MERCHANT_URLKO: `${app.baseUrl}/pago-ko`,
      DS_MERCHANT_CONSUMERLANGUAGE: '2',
      DS_MERCHANT_MERCHANTDATA: String(payment.id),
    });
    expect(params.DS_MERCHANT_PRODUCTDESCRIPTION).toMatch(/^Actividad 1 \d+, Actividad 2 \d+$/);
    const items = await app.rows(
      sql`SELECT activity_id, activity_name, amount_cents FROM payment_items WHERE payment_id = ${payment.id} ORDER BY activity_id`,
    );
    expect(items).toEqual([
      {
        activity_id: swim,
        activity_name: expect.stringMatching(/^Actividad 1/),
        amount_cents: 4500,
      },
      {
        activity_id: padel,
        activity_name: expect.stringMatching(/^Actividad 2/),
        amount_cents: 6413,
      },
    ]);
    expect((await f.enrolment(person.id, swim)).is_paid).toBe(0);

    const { html, location } = await payInSandbox(app, redirect);
    expect(location).toBe(`${app.baseUrl}/pago-ok`);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Test payment gateway</h1>');
    expect(html).toContain('€109.13');
    expect(html).toContain('4548810000000003');
    expect(html).toMatch(/<label for="card_number">Card number<\/label>\s*<input id="card_number"/);
    expect(html).toMatch(/<label for="cvv">/);
    expect(html).toMatch(/<label for="expiry">/);
    expect(html).toContain('value="approve"');
    expect(html).toContain('value="deny"');
    expect(html).not.toMatch(/<script|\sstyle=|<style|\son[a-z]+=/i);

    expect(await f.payment(redirect.order)).toMatchObject({
      status: 'paid',
      response_code: '0000',
      authorisation_code: expect.stringMatching(/^\d{6}$/),
      paid_at: '2026-11-21T10:00:00.000Z',
    });
    expect(await f.enrolment(person.id, swim)).toEqual({
      is_paid: 1,
      paid_payment_id: payment.id,
      paid_amount_cents: 4500,
      paid_at: '2026-11-21T10:00:00.000Z',
    });
    expect(await f.enrolment(person.id, padel)).toMatchObject({
      is_paid: 1,
      paid_amount_cents: 6413,
    });
    const notes = await app.rows(
      sql`SELECT signature_ok, outcome, response_code, amount_cents FROM payment_notifications WHERE payment_id = ${payment.id}`,
    );
    expect(notes).toEqual([
      { signature_ok: 1, outcome: 'paid', response_code: '0000', amount_cents: 10913 },
    ]);
    const audit = await app.rows(
      sql`SELECT action, actor_user_id FROM audit_log WHERE entity = 'payment' AND entity_id = ${String(payment.id)} ORDER BY id`,
    );
    expect(audit).toEqual([
      { action: 'payment.create', actor_user_id: user.id },
      { action: 'payment.paid', actor_user_id: null },
    ]);

    // the residents' view shows them paid, with the same per-item figures that were charged
    const { data: view } = await listPersonActivities({
      client: app.api,
      path: { person_activity_id: person.id },
      headers: user.auth,
      throwOnError: true,
    });
    expect(view.map((a) => [a.id, a.is_paid, a.amount]).sort()).toEqual(
      [
        [swim, true, 45],
        [padel, true, 64.13],
      ].sort(),
    );

    const { data: history } = await listMyPayments({
      client: app.api,
      headers: user.auth,
      throwOnError: true,
    });
    expect(history).toEqual([
      {
        id: payment.id,
        order: redirect.order,
        // the sandbox says Ds_ProcessedPayMethod 1 (a Visa Secure card)
        pay_method: 'card',
        bank_pay_method: '1',
        status: 'paid',
        paid_at: '2026-11-21T10:00:00.000Z',
        person_activity_id: person.id,
        full_name: person.fullName,
        dni: person.dni,
        amount: 109.13,
        refunded_amount: 0,
        use_discount: false,
        receipt_available: true,
        items: [
          {
            activity_id: swim,
            person_activity_id: person.id,
            person_name: person.fullName,
            name: expect.stringMatching(/^Actividad 1/),
            amount: 45,
            refunded: false,
            breakdown: null,
            parts: null,
            registration_fee: 0,
          },
          {
            activity_id: padel,
            person_activity_id: person.id,
            person_name: person.fullName,
            name: expect.stringMatching(/^Actividad 2/),
            amount: 64.13,
            refunded: false,
            breakdown: null,
            parts: null,
            registration_fee: 0,
          },
        ],
      },
    ]);

    // the card number reaches neither the logs nor the database
    expect(app.logs.some((line) => line.includes('payment notification'))).toBe(true);
    expect(app.logs.join('\n')).not.toMatch(/\d{13,19}/);
    for (const table of ['payments', 'payment_items', 'payment_notifications', 'audit_log']) {
      const dump = JSON.stringify(await app.rows(sql`SELECT * FROM ${sql.table(table)}`));
      expect(dump).not.toContain('4548810000000003');
      expect(dump).not.toMatch(/\d{13,19}/);
    }
  });

  it('charges the reduced amounts when the discount is used', async () => {
    await f.settings({ discount_bp: 5000 });
    try {
      const { user, person, activities } = await f.household([6000, 8550]);
      const { data: before } = await listPersonActivities({
        client: app.api,
        path: { person_activity_id: person.id },
        headers: user.auth,
        throwOnError: true,
      });
      const shown = before.reduce(
        (sum, a) => sum + Math.round((a.amount_with_discount ?? NaN) * 100),
        0,
      );
      const redirect = await generate(app, user.token, {
        person_activity_id: person.id,
        activity_ids: activities,
        use_discount: true,
      });
      expect(redirect.amount).toBe(72.75); // 30.00 + 42.75
      expect(Math.round(redirect.amount * 100)).toBe(shown); // exactly what the pay bar showed
      expect(merchantParams(redirect.fields)).toMatchObject({
        DS_MERCHANT_AMOUNT: '7275',
        DS_MERCHANT_CONSUMERLANGUAGE: '1',
      });
      await payInSandbox(app, redirect);
      expect(await f.enrolment(person.id, activities[1]!)).toMatchObject({
        is_paid: 1,
        paid_amount_cents: 4275,
      });
      const { data } = await listMyPayments({
        client: app.api,
        headers: user.auth,
        throwOnError: true,
      });
      expect(data).toMatchObject([{ amount: 72.75, use_discount: true }]);
      // *Pagos realizados* shows what was paid (the receipt's figures), not today's 75 %
      const { data: after } = await listPersonActivities({
        client: app.api,
        path: { person_activity_id: person.id },
        headers: user.auth,
        throwOnError: true,
      });
      expect(after.map((a) => [a.price, a.is_paid, a.amount, a.amount_due])).toEqual([
        [60, true, 30, null],
        [85.5, true, 42.75, null],
      ]);
    } finally {
      await f.settings({ discount_bp: 0 });
    }
  });

  it('a denial pays nothing and sends the browser to pago-ko (Deny button and CVV 999)', async () => {
    const { user, person, activities } = await f.household([5000]);
    const first = await generate(
      app,
      user.token,
      { person_activity_id: person.id, activity_ids: activities, use_discount: false },
      'gl',
    );
    const denied = await payInSandbox(app, first, { card_number: '', expiry: '', cvv: '' }, 'deny');
    expect(denied.html).toContain('<html lang="gl">');
    expect(denied.location).toBe(`${app.baseUrl}/pago-ko`);
    expect(await f.payment(first.order)).toMatchObject({ status: 'failed', response_code: '0190' });
    expect((await f.enrolment(person.id, activities[0]!)).is_paid).toBe(0);

    const second = await generate(app, user.token, {
      person_activity_id: person.id,
      activity_ids: activities,
      use_discount: false,
    });
    expect(second.order).not.toBe(first.order);
    const badCvv = await payInSandbox(app, second, {
      card_number: '4548810000000003',
      expiry: '12/49',
      cvv: '999',
    });
    expect(badCvv.location).toBe(`${app.baseUrl}/pago-ko`);
    expect(await f.payment(second.order)).toMatchObject({
      status: 'failed',
      response_code: '0129',
    });
    expect((await f.enrolment(person.id, activities[0]!)).is_paid).toBe(0);
    const { data } = await listMyPayments({
      client: app.api,
      headers: user.auth,
      throwOnError: true,
    });
    expect(data).toEqual([]);
    const audit = (await app.row(
      sql`SELECT COUNT(*) AS n FROM audit_log WHERE action = 'payment.failed'`,
    )) as { n: number };
    expect(audit.n).toBeGreaterThanOrEqual(2);
  });

  it('the sandbox refuses tampered fields with an HTML error and sends nothing', async () => {
    const { user, person, activities } = await f.household([5000]);
    const redirect = await generate(app, user.token, {
      person_activity_id: person.id,
      activity_ids: activities,
      use_discount: false,
    });
    const tampered = {
      ...redirect.fields,
      Ds_MerchantParameters: Buffer.from(
        JSON.stringify({ ...merchantParams(redirect.fields), DS_MERCHANT_AMOUNT: '1' }),
      ).toString('base64'),
    };
    const page = await app.form('/api/payments/sandbox', tampered);
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('<html lang="es">');
    const notesBefore = await f.count('payment_notifications');
    const confirm = await app.form('/api/payments/sandbox/confirm', {
      ...tampered,
      card_number: '4548810000000003',
      expiry: '12/49',
      cvv: '123',
      decision: 'approve',
    });
    expect(confirm.status).toBe(400);
    expect(await f.count('payment_notifications')).toBe(notesBefore);
    expect((await f.payment(redirect.order))?.status).toBe('pending');
    const noDecision = await app.form('/api/payments/sandbox/confirm', { ...redirect.fields });
    expect(noDecision.status).toBe(400);
  });

  it('serves the page styles as a file under the strict CSP', async () => {
    const css = await app.fetch('/api/payments/sandbox/styles.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(css.headers.get('content-security-policy')).toContain("style-src 'self'");
  });

  it('the notification endpoint answers with the contract shape', async () => {
    const res = await app.form(
      '/api/payments/notification',
      { Ds_SignatureVersion: 'HMAC_SHA256_V1' },
      { 'Accept-Language': 'en' },
    );
    expect(res.status).toBe(400);
    expect(zError.parse(await res.json())).toEqual({
      detail: 'The payment notification is not in the expected format.',
      code: 'malformed_notification',
    });
    zNotificationResult.parse({ status: 'paid', code: 'x' });
  });
});

describe('with real Redsys credentials configured', () => {
  let app: PaymentsTestApp;
  beforeAll(async () => {
    app = await startPaymentsApp({
      env: {
        REDSYS_MERCHANT_CODE: '999008881',
        REDSYS_TERMINAL: '1',
        REDSYS_SECRET: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
      },
    });
  });
  afterAll(() => app.close());

  it('sends the browser to Redsys and the sandbox does not exist', async () => {
    const f = factory(app);
    const { user, person, activities } = await f.household([2000]);
    const redirect = await generate(app, user.token, {
      person_activity_id: person.id,
      activity_ids: activities,
      use_discount: false,
    });
    expect(redirect.action).toBe('https://sis-t.redsys.es:25443/sis/realizarPago');
    expect(await app.value(sql`SELECT gateway FROM payments`)).toBe('redsys');
    for (const path of ['/api/payments/sandbox', '/api/payments/sandbox/confirm']) {
      const res = await app.form(path, redirect.fields);
      expect(res.status).toBe(404);
    }
    expect((await app.fetch('/api/payments/sandbox/styles.css')).status).toBe(404);
  });
});
