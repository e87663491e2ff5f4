import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getMyLatestPayment, listMyPayments, verifyReceipt } from '../../src/generated/sdk.gen.js';
import { zError } from '../../src/generated/zod.gen.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { factory } from './factory.js';
import { generate, notificationParams, pdfText, signedNotification } from './helpers.js';

describe('receipts of paid payments', () => {
  let app: TestApp;
  let f: ReturnType<typeof factory>;
  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-21T10:00:00Z' });
    f = factory(app);
  });
  beforeEach(async () => {
    await f.settings({ payments_enabled: true, discount_bp: 5000, deadline: '2026-12-15' });
  });
  afterAll(() => app.close());

  /** A household with an e-mail, one order paid by the bank's notification. */
  async function paidOrder(useDiscount = false) {
    const household = await f.household([4500, 8550]);
    await app.exec(
      sql`UPDATE users SET email = 'familia.nunez@example.gal' WHERE id = ${household.user.id}`,
    );
    await app.exec(
      sql`UPDATE enrolments SET first_name = 'Uxía', last_name = 'Núñez Castiñeira' WHERE id = ${household.person.id}`,
    );
    const redirect = await generate(
      app,
      household.user.token,
      {
        person_activity_id: household.person.id,
        activity_ids: household.activities,
        use_discount: useDiscount,
      },
      'gl',
    );
    const amountCents = Math.round(redirect.amount * 100);
    const res = await app.form(
      '/api/payments/notification',
      signedNotification(notificationParams(redirect.order, amountCents)),
    );
    expect(res.status).toBe(200);
    const payment = (await f.payment(redirect.order))!;
    return { ...household, redirect, payment, amountCents };
  }

  const receipt = (path: string, headers: Record<string, string>) => app.fetch(path, { headers });

  it('gives the resident a PDF with real text: council, person, activities, total, codes, time', async () => {
    const { user, payment, redirect } = await paidOrder(true);
    const res = await receipt(`/api/user/payments/${payment.id}/receipt?lang=gl`, user.auth);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="justificante-${redirect.order}.pdf"`,
    );
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    for (const expected of [
      'Concello de Nigrán',
      'Rúa Val Miñor, 1, 36350 Nigrán, Pontevedra',
      'Xustificante de pagamento',
      'Uxía Núñez Castiñeira',
      payment.person_dni,
      redirect.order,
      '082150',
      // 45.00 and 85.50 € with the 50 % reduction
      '22,50 €',
      '42,75 €',
      '65,25 €',
      'Redución aplicada',
      'Si',
      // 10:00 UTC on 21 November is 11:00 in Madrid
      '21 de novembro de 2026',
      '11:00',
      payment.verification_code!,
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('follows Accept-Language when no lang is given', async () => {
    const { user, payment } = await paidOrder();
    const res = await receipt(`/api/user/payments/${payment.id}/receipt`, {
      ...user.auth,
      'Accept-Language': 'en-GB,en;q=0.9',
    });
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    expect(text).toContain('Payment receipt');
    expect(text).toContain('€97.88');
    expect(text).toContain('Reduction applied');
  });

  it('answers 404 for another account’s payment and for a payment that is not paid', async () => {
    const { payment } = await paidOrder();
    const stranger = await f.user();
    const foreign = await receipt(`/api/user/payments/${payment.id}/receipt`, stranger.auth);
    expect(foreign.status).toBe(404);
    const pending = await f.household([3000]);
    const redirect = await generate(app, pending.user.token, {
      person_activity_id: pending.person.id,
      activity_ids: pending.activities,
      use_discount: false,
    });
    const unpaid = (await f.payment(redirect.order))!;
    const res = await receipt(`/api/user/payments/${unpaid.id}/receipt`, pending.user.auth);
    expect(res.status).toBe(404);
    expect(zError.parse(await res.json()).code).toBe('not_found');
    expect((await app.fetch(`/api/user/payments/${payment.id}/receipt`)).status).toBe(401);
  });

  it('gives staff any paid payment’s receipt, and nobody else', async () => {
    const { payment, user } = await paidOrder();
    const admin = await f.user('admin');
    const res = await receipt(`/api/admin/payments/${payment.id}/receipt?lang=es`, admin.auth);
    expect(res.status).toBe(200);
    expect(pdfText(Buffer.from(await res.arrayBuffer()))).toContain('Justificante de pago');
    expect((await receipt(`/api/admin/payments/${payment.id}/receipt`, user.auth)).status).toBe(
      403,
    );
    expect((await receipt('/api/admin/payments/999999/receipt', admin.auth)).status).toBe(404);
  });

  it('lists each payment with its id, and the newest payment as the server knows it', async () => {
    const { user, payment } = await paidOrder();
    const { data } = await listMyPayments({
      client: app.api,
      headers: user.auth,
      throwOnError: true,
    });
    expect(data.map((p) => p.id)).toEqual([payment.id]);
    const latest = await getMyLatestPayment({
      client: app.api,
      headers: user.auth,
      throwOnError: true,
    });
    expect(latest.data).toMatchObject({ id: payment.id, status: 'paid', receipt_available: true });
    const nobody = await f.user();
    const none = await app.fetch('/api/user/payments/latest', { headers: nobody.auth });
    expect(none.status).toBe(404);
  });

  it('checks a printed code without revealing who paid; unknown codes answer 404', async () => {
    const { payment, redirect } = await paidOrder();
    const code = payment.verification_code!;
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const typed = code.toLowerCase().replace(/-/g, ' ');
    const { data, response } = await verifyReceipt({
      client: app.api,
      path: { verification_code: typed.replace(/ /g, '') },
      throwOnError: true,
    });
    expect(response.status).toBe(200);
    expect(data).toEqual({
      valid: true,
      order: redirect.order,
      paid_at: '2026-11-21T10:00:00.000Z',
      amount: 97.88,
      refunded_amount: 0,
      activities: [
        { name: expect.stringMatching(/^Actividad 1/), amount: 33.75 },
        { name: expect.stringMatching(/^Actividad 2/), amount: 64.13 },
      ],
    });
    const text = JSON.stringify(data);
    expect(text).not.toContain(payment.person_dni);
    expect(text).not.toContain('Núñez');
    const unknown = await app.fetch('/api/receipts/AAAA-BBBB-CCCC', {
      headers: { 'Accept-Language': 'en' },
    });
    expect(unknown.status).toBe(404);
    expect(zError.parse(await unknown.json())).toEqual({
      detail: 'No receipt has this code.',
      code: 'receipt_not_found',
    });
  });

  it('mails the receipt once per paid payment to the account’s address, in the payment’s language', async () => {
    const { redirect } = await paidOrder();
    const mailFor = async () => {
      for (let i = 0; i < 50; i++) {
        const rows = await app.rows<{ subject: string; body: string; attachments: string }>(
          sql`SELECT subject, body, attachments FROM outbox WHERE recipient = 'familia.nunez@example.gal' AND subject LIKE ${`%${redirect.order}%`}`,
        );
        if (rows.length > 0) return rows;
        await new Promise((done) => setTimeout(done, 20));
      }
      return [];
    };
    const mails = await mailFor();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Pagamento recibido: pedido ${redirect.order}`);
    expect(mails[0]!.body).toMatch(/97,88\s€/);
    expect(JSON.parse(mails[0]!.attachments)).toEqual([`justificante-${redirect.order}.pdf`]);
    // the same notification again, and the retry job: still one e-mail
    const amountCents = Math.round(redirect.amount * 100);
    await app.form(
      '/api/payments/notification',
      signedNotification(notificationParams(redirect.order, amountCents)),
    );
    await app.deps.jobs.runNow('reconcile');
    expect(await mailFor()).toHaveLength(1);
  });

  it('limits code checks per client address', async () => {
    const limited = await startTestApp({ now: '2026-11-21T10:00:00Z' });
    try {
      let last = 0;
      for (let i = 0; i < 61; i++) {
        last = (await limited.fetch(`/api/receipts/AAAA-BBBB-CC${String(i).padStart(2, '2')}`))
          .status;
      }
      expect(last).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
