import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  getAdminConfig,
  getPublicConfig,
  listMyPayments,
  listPayments,
  refundPayment,
} from '../../src/generated/sdk.gen.js';
import { zError } from '../../src/generated/zod.gen.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { factory } from './factory.js';
import {
  generate,
  hiddenFields,
  merchantParams,
  notificationParams,
  pdfText,
  signedNotification,
} from './helpers.js';

const TEST_MOBILE = '+34 700000000';

describe('Bizum through the same Redsys redirect (issue 51)', () => {
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
    await setBizum(true);
  });
  afterAll(() => app.close());

  async function setBizum(on: boolean) {
    const current = await app.deps.repos.config.get();
    await app.deps.repos.config.save({ ...current, bizum_enabled: on });
  }

  const bizumBody = (household: { person: { id: number }; activities: number[] }) => ({
    person_activity_id: household.person.id,
    activity_ids: household.activities,
    use_discount: false,
    pay_method: 'bizum' as const,
  });

  const post = (url: string, fields: Record<string, string>) =>
    fetch(url.startsWith('http') ? url : `${app.baseUrl}${url}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });

  /** The resident's browser on the sandbox's Bizum pages: mobile, confirmation, decision. */
  async function payByBizum(
    redirect: { action: string; fields: Record<string, string> },
    options: { mobile?: string; decision?: 'approve' | 'deny'; lose?: boolean } = {},
  ) {
    const page = await post(redirect.action, redirect.fields);
    expect(page.status).toBe(200);
    const bizumPage = await page.text();
    expect(/<form method="post" action="([^"]+)">/.exec(bizumPage)?.[1]).toBe(
      '/api/payments/sandbox/bizum',
    );
    const step = await post('/api/payments/sandbox/bizum', {
      ...hiddenFields(bizumPage),
      bizum_mobile: options.mobile ?? TEST_MOBILE,
    });
    expect(step.status).toBe(200);
    const confirmPage = await step.text();
    expect(/<form method="post" action="([^"]+)">/.exec(confirmPage)?.[1]).toBe(
      '/api/payments/sandbox/confirm',
    );
    const decided = await post('/api/payments/sandbox/confirm', {
      ...hiddenFields(confirmPage),
      decision: options.decision ?? 'approve',
      ...(options.lose ? { lose_notification: '1' } : {}),
    });
    expect(decided.status).toBe(303);
    return { bizumPage, confirmPage, location: decided.headers.get('location') };
  }

  const tableCounts = async () => ({
    payments: Number(await app.value(sql`SELECT COUNT(*) AS n FROM payments`)),
    items: Number(await app.value(sql`SELECT COUNT(*) AS n FROM payment_items`)),
    audit: Number(await app.value(sql`SELECT COUNT(*) AS n FROM audit_log`)),
  });

  it('Bizum off (the default): 409 bizum_disabled in the caller’s language, nothing stored', async () => {
    await setBizum(false);
    const household = await f.household([4000]);
    const before = await tableCounts();
    for (const [lang, text] of [
      ['es', 'El Concello no acepta pagos con Bizum ahora mismo. Paga con tarjeta.'],
      ['en', 'The council does not take Bizum payments at the moment. Please pay by card.'],
      ['gl', 'O Concello non acepta pagamentos con Bizum agora mesmo. Paga con tarxeta.'],
    ] as const) {
      const res = await app.json('/api/payments/generate-multiple/', 'POST', bizumBody(household), {
        ...household.user.auth,
        'Accept-Language': lang,
      });
      expect(res.status).toBe(409);
      expect(zError.parse(await res.json())).toEqual({ detail: text, code: 'bizum_disabled' });
    }
    expect(await tableCounts()).toEqual(before);
    // a card payment still goes, exactly as before, without DS_MERCHANT_PAYMETHODS
    const card = await generate(app, household.user.token, {
      person_activity_id: household.person.id,
      activity_ids: household.activities,
      use_discount: false,
    });
    expect(merchantParams(card.fields).DS_MERCHANT_PAYMETHODS).toBeUndefined();
    expect((await f.payment(card.order))!.pay_method).toBe('card');
    const { data } = await getPublicConfig({ client: app.api, throwOnError: true });
    expect(data.bizum_enabled).toBe(false);
  });

  it('staff switch Bizum on and off in the global settings; a bad value is refused', async () => {
    await setBizum(false);
    const base = {
      maintenance_mode: false,
      payments_enabled: true,
      global_discount: 0,
      deadline_date: '2026-12-15',
    };
    const put = (body: unknown, lang = 'es') =>
      app.json('/api/admin/config', 'PUT', body, { ...admin.auth, 'Accept-Language': lang });
    const on = await put({ ...base, bizum_enabled: true });
    expect(on.status).toBe(200);
    expect(await on.json()).toMatchObject({ bizum_enabled: true });
    expect(
      (await getAdminConfig({ client: app.api, headers: admin.auth, throwOnError: true })).data
        .bizum_enabled,
    ).toBe(true);
    expect(
      (await getPublicConfig({ client: app.api, throwOnError: true })).data.bizum_enabled,
    ).toBe(true);
    // left out, the switch keeps its saved value
    expect(await (await put(base)).json()).toMatchObject({ bizum_enabled: true });
    const bad = await put({ ...base, bizum_enabled: 'yes' }, 'en');
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await bad.json())).toContain('Say whether Bizum is accepted.');
    expect((await app.deps.repos.config.get()).bizum_enabled).toBe(true);
    const audits = await app.rows<{ details: string }>(
      sql`SELECT details FROM audit_log WHERE action = 'config.update' ORDER BY id DESC LIMIT 2`,
    );
    // the switch is audited when it changes; saving it unchanged records no change
    expect(JSON.parse(audits[1]!.details)).toMatchObject({
      before: { bizum_enabled: false },
      after: { bizum_enabled: true },
    });
    expect(JSON.parse(audits[0]!.details)).toEqual({ before: {}, after: {} });
  });

  it('generate with pay_method bizum → z in the form → sandbox approves the test mobile → notification stores bizum → lists, receipt and export say Bizum', async () => {
    const household = await f.household([4000, 2000]);
    const redirect = await generate(app, household.user.token, bizumBody(household), 'gl');
    const params = merchantParams(redirect.fields);
    expect(params).toMatchObject({
      DS_MERCHANT_PAYMETHODS: 'z',
      DS_MERCHANT_TRANSACTIONTYPE: '0',
      DS_MERCHANT_AMOUNT: '4500',
      DS_MERCHANT_MERCHANTURL: `${app.baseUrl}/api/payments/notification`,
      DS_MERCHANT_URLOK: `${app.baseUrl}/pago-ok`,
      DS_MERCHANT_URLKO: `${app.baseUrl}/pago-ko`,
    });
    const pending = (await f.payment(redirect.order))!;
    expect(pending).toMatchObject({
      status: 'pending',
      pay_method: 'bizum',
      bank_pay_method: null,
    });

    const { bizumPage, confirmPage, location } = await payByBizum(redirect);
    expect(bizumPage).toContain('<html lang="gl">');
    expect(bizumPage).toContain('Bizum (pasarela de probas)');
    expect(bizumPage).toMatch(/<label for="bizum_mobile">Número de móbil de Bizum<\/label>/);
    expect(bizumPage).toContain(TEST_MOBILE);
    expect(bizumPage).toMatch(/Bizum acepta de 0,50\s€ a 1\.000,00\s€ por operación\./);
    expect(bizumPage).not.toContain('card_number');
    expect(confirmPage).toMatch(/45,00\s€/);
    expect(confirmPage).toContain('value="approve"');
    expect(confirmPage).toContain('value="deny"');
    expect(location).toBe(`${app.baseUrl}/pago-ok`);

    const paid = (await f.payment(redirect.order))!;
    expect(paid).toMatchObject({ status: 'paid', pay_method: 'bizum', bank_pay_method: '68' });
    const notification = await app.row<{ parameters: string; outcome: string }>(
      sql`SELECT parameters, outcome FROM payment_notifications WHERE order_code = ${redirect.order}`,
    );
    expect(notification!.outcome).toBe('paid');
    expect(JSON.parse(notification!.parameters)).toMatchObject({ Ds_ProcessedPayMethod: '68' });

    const history = await listMyPayments({
      client: app.api,
      headers: household.user.auth,
      throwOnError: true,
    });
    expect(history.data.find((p) => p.order === redirect.order)).toMatchObject({
      pay_method: 'bizum',
      bank_pay_method: '68',
    });
    const staff = await listPayments({
      client: app.api,
      headers: admin.auth,
      query: { q: redirect.order },
      throwOnError: true,
    });
    expect(staff.data.items.find((p) => p.order === redirect.order)).toMatchObject({
      pay_method: 'bizum',
      bank_pay_method: '68',
    });

    for (const [lang, label, method] of [
      ['es', 'Forma de pago', 'Bizum'],
      ['en', 'Paid by', 'Bizum'],
      ['gl', 'Forma de pagamento', 'Bizum'],
    ] as const) {
      const res = await app.fetch(`/api/user/payments/${paid.id}/receipt?lang=${lang}`, {
        headers: household.user.auth,
      });
      expect(res.status).toBe(200);
      const text = pdfText(Buffer.from(await res.arrayBuffer()));
      expect(text).toMatch(new RegExp(`${label}\\s+${method}`));
      // Bizum everywhere: the footer too, never "card" (issue 60, item 8)
      const flat = text.replace(/\s+/g, ' ');
      expect(flat).toContain(
        { es: 'Pago con Bizum', en: 'Bizum payment', gl: 'Pagamento con Bizum' }[lang],
      );
      expect(flat).not.toMatch(/tarjeta|Card payment|tarxeta/);
    }

    const exported = await app.fetch('/api/admin/payments/export?status=paid', {
      headers: admin.auth,
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await exported.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0]!;
    const header = sheet.getRow(1).values as unknown[];
    const methodColumn = header.indexOf('Forma de pago');
    const bankColumn = header.indexOf('Método del banco');
    let found = false;
    sheet.eachRow((row) => {
      if (row.getCell(2).value !== redirect.order) return;
      found = true;
      expect(row.getCell(methodColumn).value).toBe('Bizum');
      expect(row.getCell(bankColumn).value).toBe('68');
    });
    expect(found).toBe(true);
  });

  it('a card payment says Tarjeta on its receipt and in the export', async () => {
    const household = await f.household([4000]);
    const redirect = await generate(app, household.user.token, {
      person_activity_id: household.person.id,
      activity_ids: household.activities,
      use_discount: false,
    });
    await app.form(
      '/api/payments/notification',
      signedNotification(notificationParams(redirect.order, 3000, { Ds_ProcessedPayMethod: '78' })),
    );
    const paid = (await f.payment(redirect.order))!;
    expect(paid).toMatchObject({ status: 'paid', pay_method: 'card', bank_pay_method: '78' });
    const res = await app.fetch(`/api/user/payments/${paid.id}/receipt?lang=es`, {
      headers: household.user.auth,
    });
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    expect(text).toMatch(/Forma de pago\s+Tarjeta/);
    expect(text.replace(/\s+/g, ' ')).toContain('Pago con tarjeta');
  });

  it('decline, another mobile and an amount beyond Bizum’s limits end at /pago-ko with 9966', async () => {
    const declined = await f.household([4000]);
    const one = await generate(app, declined.user.token, bizumBody(declined));
    expect((await payByBizum(one, { decision: 'deny' })).location).toBe(`${app.baseUrl}/pago-ko`);
    expect(await f.payment(one.order)).toMatchObject({
      status: 'failed',
      response_code: '9966',
      pay_method: 'bizum',
      bank_pay_method: '68',
    });

    const other = await f.household([4000]);
    const two = await generate(app, other.user.token, bizumBody(other));
    expect((await payByBizum(two, { mobile: '612 345 678' })).location).toBe(
      `${app.baseUrl}/pago-ko`,
    );
    expect((await f.payment(two.order))!.status).toBe('failed');

    // 1.400 € for the year at 75 %: 1.050 €, over Bizum's 1.000 € per operation
    const dear = await f.household([140000]);
    const three = await generate(app, dear.user.token, bizumBody(dear));
    const { bizumPage, location } = await payByBizum(three);
    expect(bizumPage).toContain('fuera de los límites de Bizum');
    expect(location).toBe(`${app.baseUrl}/pago-ko`);
    expect(await f.payment(three.order)).toMatchObject({ status: 'failed', response_code: '9966' });
  });

  it('a mobile that is not a Spanish mobile shows the Bizum page again with the error, nothing decided', async () => {
    const household = await f.household([4000]);
    const redirect = await generate(app, household.user.token, bizumBody(household), 'en');
    const page = await (await post(redirect.action, redirect.fields)).text();
    const res = await post('/api/payments/sandbox/bizum', {
      ...hiddenFields(page),
      bizum_mobile: '12345',
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('Enter a Spanish mobile number (9 digits starting with 6 or 7).');
    expect(html).toContain('aria-invalid="true"');
    expect(
      Number(
        await app.value(
          sql`SELECT COUNT(*) AS n FROM sandbox_transactions WHERE order_code = ${redirect.order}`,
        ),
      ),
    ).toBe(0);
    expect((await f.payment(redirect.order))!.status).toBe('pending');
  });

  it('an unknown Ds_ProcessedPayMethod is stored as it came and audited, never refused', async () => {
    const household = await f.household([4000]);
    const redirect = await generate(app, household.user.token, bizumBody(household));
    const res = await app.form(
      '/api/payments/notification',
      signedNotification(
        notificationParams(redirect.order, 3000, { Ds_ProcessedPayMethod: '107' }),
      ),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'paid', code: 'notification_applied' });
    const payment = (await f.payment(redirect.order))!;
    // what the resident chose stands; the bank's code is kept exactly as it came
    expect(payment).toMatchObject({ status: 'paid', pay_method: 'bizum', bank_pay_method: '107' });
    const audit = await app.rows<{ action: string; details: string }>(
      sql`SELECT action, details FROM audit_log WHERE entity = 'payment' AND entity_id = ${String(payment.id)} ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'payment.create',
      'payment.pay_method_unknown',
      'payment.paid',
    ]);
    expect(JSON.parse(audit[1]!.details)).toMatchObject({
      order: redirect.order,
      bank_pay_method: '107',
      pay_method: 'bizum',
      source: 'notification',
    });
    const staff = await listPayments({
      client: app.api,
      headers: admin.auth,
      query: { q: redirect.order },
      throwOnError: true,
    });
    expect(staff.data.items[0]).toMatchObject({ pay_method: 'bizum', bank_pay_method: '107' });
  });

  it('refunds a Bizum payment through the same REST entry, in part and then the rest', async () => {
    const household = await f.household([4000, 8000]);
    const redirect = await generate(app, household.user.token, bizumBody(household));
    await payByBizum(redirect);
    const payment = (await f.payment(redirect.order))!;
    expect(payment).toMatchObject({ status: 'paid', pay_method: 'bizum' });
    const part = await refundPayment({
      client: app.api,
      headers: admin.auth,
      path: { payment_id: payment.id },
      body: { reason: 'Baja', activity_ids: [household.activities[1]!] },
      throwOnError: true,
    });
    expect(part.data).toMatchObject({
      status: 'partially_refunded',
      pay_method: 'bizum',
      refunded_amount: 60,
      refunds: [{ status: 'succeeded', gateway_code: '0900', amount: 60 }],
    });
    const rest = await refundPayment({
      client: app.api,
      headers: admin.auth,
      path: { payment_id: payment.id },
      body: { reason: 'Baja total' },
      throwOnError: true,
    });
    expect(rest.data).toMatchObject({ status: 'refunded', refunded_amount: 90 });
    const bank = await app.rows<{ transaction_type: string; amount_cents: number }>(
      sql`SELECT transaction_type, amount_cents FROM sandbox_transactions WHERE order_code = ${redirect.order} ORDER BY id`,
    );
    expect(bank).toEqual([
      { transaction_type: '0', amount_cents: 9000 },
      { transaction_type: '3', amount_cents: 6000 },
      { transaction_type: '3', amount_cents: 3000 },
    ]);
  });

  it('reconciliation recovers a Bizum payment whose notification was lost, as Bizum', async () => {
    await app.exec(sql`UPDATE payments SET status = 'superseded' WHERE status = 'pending'`);
    const household = await f.household([4000]);
    const redirect = await generate(app, household.user.token, bizumBody(household));
    await payByBizum(redirect, { lose: true });
    expect((await f.payment(redirect.order))!.status).toBe('pending');
    app.clock.advance(16 * 60_000);
    const run = await app.deps.jobs.runNow('reconcile');
    expect(run).toMatchObject({ ran: true, result: { paid: 1 } });
    const payment = (await f.payment(redirect.order))!;
    expect(payment).toMatchObject({ status: 'paid', pay_method: 'bizum', bank_pay_method: '68' });
    const paidEvent = await app.row<{ details: string }>(
      sql`SELECT details FROM audit_log WHERE action = 'payment.paid' AND entity_id = ${String(payment.id)}`,
    );
    expect(JSON.parse(paidEvent!.details)).toMatchObject({
      source: 'reconciliation',
      pay_method: 'bizum',
      bank_pay_method: '68',
    });
  });
});
