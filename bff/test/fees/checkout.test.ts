import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { generate, merchantParams, payInSandbox, pdfText } from '../payments/helpers.js';
import { feesWorld, tables, type Auth } from './support.js';

/**
 * Paying under fee rules: the checkout charges exactly the amount due, keeps each item's
 * breakdown, and everything that shows a payment afterwards (history, staff's list, receipt,
 * export) shows what was charged, however the rules change later.
 */
describe('checkout, receipts and refunds with fee rules', () => {
  let app: TestApp;
  let w: ReturnType<typeof feesWorld>;
  let admin: { id: number; auth: Auth };
  let group: string;
  let large: number;
  let swimming: number;
  let athletics: number;
  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-21T10:00:00Z' });
    w = feesWorld(app);
    admin = await w.user('admin');
  });
  beforeEach(async () => {
    await w.clearRules();
    await w.settings({ payments_enabled: true, discount_bp: 5000, deadline: '2026-12-15' });
    group = `Escolas ${Math.random()}`;
    swimming = await w.staffActivity(admin.auth, { name: 'Natación', price: 40, fee_group: group });
    athletics = await w.staffActivity(admin.auth, {
      name: 'Atletismo',
      price: 40,
      fee_group: group,
      tariffs: [
        { min_age: 0, max_age: 17, price: 40, default: true },
        { min_age: 18, max_age: null, price: 60, default: false },
      ],
    });
    large = await w.circumstance({
      es: 'Familia numerosa',
      en: 'Large family',
      gl: 'Familia numerosa xeral',
    });
    await w.rules(admin.auth, {
      reductions: [{ circumstance_id: large, activity_id: null, percent: 20, price: null }],
      family_discounts: [{ from_member: 2, percent: 10 }],
    });
  });
  afterAll(() => app.close());

  /** Two siblings; the second (a large family) in swimming and athletics. */
  async function siblings() {
    const first = await w.born('Antía', '2014-03-01');
    const second = await w.born('Brais', '2016-03-01');
    await w.enrol(first, swimming);
    await w.enrol(second, swimming);
    await w.enrol(second, athletics);
    await w.approve(second, large);
    const user = await w.family(first, second);
    return { user, first, second };
  }

  it('charges exactly the amounts due, keeps each breakdown, and shows it in every view of the payment', async () => {
    const { user, second } = await siblings();
    const dues = await w.due(user, second);
    expect([dues.get(swimming)?.amount_due, dues.get(athletics)?.amount_due]).toEqual([32, 32]);

    const redirect = await generate(app, user.token, {
      person_activity_id: second,
      activity_ids: [swimming, athletics],
      use_discount: false,
    });
    expect(redirect.amount).toBe(64);
    expect(merchantParams(redirect.fields).DS_MERCHANT_AMOUNT).toBe('6400');
    const items = await app.rows<{ activity_id: number; amount_cents: number; breakdown: string }>(
      sql`SELECT i.activity_id, i.amount_cents, i.breakdown FROM payment_items i
          JOIN payments p ON p.id = i.payment_id WHERE p.order_code = ${redirect.order}
          ORDER BY i.activity_id`,
    );
    expect(items.map((i) => Number(i.amount_cents))).toEqual([3200, 3200]);
    // in cents, with the circumstance's name in every language as it was when charged
    expect(JSON.parse(items[0]!.breakdown)).toEqual({
      tariff_price_cents: 4000,
      tariff: null,
      reduction: {
        circumstance_id: large,
        name: {
          es: expect.stringMatching(/^Familia numerosa \d+$/),
          en: expect.stringMatching(/^Large family \d+$/),
          gl: expect.stringMatching(/^Familia numerosa xeral \d+$/),
        },
        percent_bp: 2000,
        price_cents: null,
        off_cents: 800,
      },
      family_discount: null,
    });

    await payInSandbox(app, redirect);
    const payment = (await w.payment(redirect.order))!;
    expect(payment.status).toBe('paid');

    // the resident's history, in English
    const history = await app.fetch('/api/user/payments/', {
      headers: { ...user.auth, 'Accept-Language': 'en' },
    });
    const [paid] = (await history.json()) as { items: { breakdown: unknown }[] }[];
    expect(paid!.items[0]!.breakdown).toEqual({
      tariff_price: 40,
      tariff: null,
      reduction: {
        circumstance_id: large,
        name: expect.stringMatching(/^Large family/),
        percent: 20,
        price: null,
        amount: 8,
      },
      family_discount: null,
    });
    // staff's list and one payment, in Galician
    const list = await app.fetch('/api/admin/payments/?page=1&page_size=10', {
      headers: { ...admin.auth, 'Accept-Language': 'gl' },
    });
    const listed = (await list.json()).items.find((p: { id: number }) => p.id === payment.id);
    expect(listed.items[1].breakdown).toMatchObject({
      tariff_price: 40,
      tariff: { min_age: 0, max_age: 17, age: 10, default: false },
      reduction: { name: expect.stringMatching(/^Familia numerosa xeral/), amount: 8 },
    });

    // the receipt, in each language, says how each amount came about
    const texts: Record<string, string[]> = {
      es: [
        'Precio: 40,00 €',
        'Reducción por Familia numerosa',
        '(20 %): −8,00 €',
        'Tarifa de 0 a 17 años (10 años): 40,00 €',
      ],
      en: [
        'Price: €40.00',
        'Reduction for Large family',
        '(20%): −€8.00',
        'Price for ages 0 to 17 (aged 10): €40.00',
      ],
      gl: [
        'Prezo: 40,00 €',
        'Redución por Familia numerosa xeral',
        '(20 %): −8,00 €',
        'Tarifa de 0 a 17 anos (10 anos): 40,00 €',
      ],
    };
    for (const [lang, lines] of Object.entries(texts)) {
      const res = await app.fetch(`/api/user/payments/${payment.id}/receipt?lang=${lang}`, {
        headers: user.auth,
      });
      expect(res.status).toBe(200);
      const text = pdfText(Buffer.from(await res.arrayBuffer())).replace(/\s+/g, ' ');
      for (const line of lines) expect(text, `${lang}: ${line}`).toContain(line);
      // the simple mode's "reduction applied: yes/no" is not the rules' word
      expect(text).not.toMatch(/Reducción aplicada|Reduction applied|Redución aplicada/);
    }

    // staff's export: a breakdown column
    const exported = await app.fetch('/api/admin/payments/export', { headers: admin.auth });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exported.arrayBuffer()) as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = header.indexOf('Desglose') + 1;
    expect(column).toBeGreaterThan(0);
    let cell = '';
    sheet.eachRow((row) => {
      if (row.getCell(1).value === payment.id) cell = String(row.getCell(column).value);
    });
    expect(cell).toMatch(
      /^Natación \d+: Precio: 40,00\s€, Reducción por Familia numerosa \d+ \(20 %\): −8,00\s€; Atletismo/,
    );
  });

  it('refuses the ticked global reduction with fee rules in place, and stores nothing', async () => {
    const { user, second } = await siblings();
    const before = await tables(app, 'payments', 'payment_items');
    const res = await app.json(
      '/api/payments/generate-multiple/',
      'POST',
      { person_activity_id: second, activity_ids: [swimming], use_discount: true },
      user.auth,
    );
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      detail: 'Ahora mismo no hay ninguna reducción disponible. Paga el importe sin reducción.',
      code: 'discount_unavailable',
    });
    expect(await tables(app, 'payments', 'payment_items')).toEqual(before);
  });

  it('charges the rules in force when paying, and what was paid never changes when they change', async () => {
    const { user, first, second } = await siblings();
    // approved after the dashboard was read: the checkout computes again, in its transaction
    await w.approve(first, large);
    const redirect = await generate(app, user.token, {
      person_activity_id: first,
      activity_ids: [swimming],
      use_discount: false,
    });
    expect(redirect.amount).toBe(32);
    await payInSandbox(app, redirect);
    const payment = (await w.payment(redirect.order))!;
    const receipt = async () =>
      pdfText(
        Buffer.from(
          await (
            await app.fetch(`/api/user/payments/${payment.id}/receipt?lang=es`, {
              headers: user.auth,
            })
          ).arrayBuffer(),
        ),
      );
    const history = async () =>
      (await (await app.fetch('/api/user/payments/', { headers: user.auth })).json()) as unknown;
    const before = { history: await history(), receipt: await receipt() };

    // the council changes its rules and renames the circumstance
    await w.rules(admin.auth, {
      reductions: [{ circumstance_id: large, activity_id: null, percent: 50, price: null }],
    });
    await app.exec(sql`UPDATE circumstances SET name_es = 'Otro nombre' WHERE id = ${large}`);
    expect(await history()).toEqual(before.history);
    expect(await receipt()).toEqual(before.receipt);
    const dues = await w.due(user, first);
    // the dashboard's paid fee: what was paid and how, as charged (the name as it was then)
    expect(dues.get(swimming)).toMatchObject({
      is_paid: true,
      amount_due: null,
      amount: 32,
      breakdown: {
        tariff_price: 40,
        reduction: {
          name: expect.stringMatching(/^Familia numerosa \d+$/),
          percent: 20,
          amount: 8,
        },
        family_discount: null,
      },
    });
    // the sibling's fees follow the new rules (50 %, better than the family's 10 %)
    expect((await w.due(user, second)).get(swimming)?.amount_due).toBe(20);
  });

  it('a refund of a reduced item gives back what was paid for it', async () => {
    const { user, second } = await siblings();
    const redirect = await generate(app, user.token, {
      person_activity_id: second,
      activity_ids: [swimming, athletics],
      use_discount: false,
    });
    await payInSandbox(app, redirect);
    const payment = (await w.payment(redirect.order))!;
    // the rules change before the refund: it still gives back what was charged
    await w.rules(admin.auth, {});
    const res = await app.json(
      `/api/admin/payments/${payment.id}/refund`,
      'POST',
      { reason: 'Baixa', activity_ids: [athletics] },
      admin.auth,
    );
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer).toMatchObject({ refunded_amount: 32, status: 'partially_refunded' });
    expect(answer.refunds[0]).toMatchObject({
      amount: 32,
      status: 'succeeded',
      activity_ids: [athletics],
    });
  });

  it('a fee the rules make free is charged 0 with the others, and alone has nothing to pay', async () => {
    await w.rules(admin.auth, {
      reductions: [{ circumstance_id: large, activity_id: swimming, percent: 100, price: null }],
    });
    const { user, second } = await siblings();
    const dues = await w.due(user, second);
    expect([dues.get(swimming)?.amount_due, dues.get(athletics)?.amount_due]).toEqual([0, 40]);

    const before = await tables(app, 'payments', 'payment_items');
    const alone = await app.json(
      '/api/payments/generate-multiple/',
      'POST',
      { person_activity_id: second, activity_ids: [swimming], use_discount: false },
      user.auth,
    );
    expect(alone.status).toBe(409);
    expect((await alone.json()).code).toBe('nothing_to_pay');
    expect(await tables(app, 'payments', 'payment_items')).toEqual(before);

    const both = await generate(app, user.token, {
      person_activity_id: second,
      activity_ids: [swimming, athletics],
      use_discount: false,
    });
    expect(both.amount).toBe(40);
    await payInSandbox(app, both);
    const links = await app.rows<{
      activity_id: number;
      is_paid: number;
      paid_amount_cents: number;
    }>(
      sql`SELECT activity_id, is_paid, paid_amount_cents FROM enrolment_activities
          WHERE enrolment_id = ${second} ORDER BY activity_id`,
    );
    expect(
      links.map((l) => [l.activity_id, Number(l.is_paid), Number(l.paid_amount_cents)]),
    ).toEqual([
      [swimming, 1, 0],
      [athletics, 1, 4000],
    ]);
  });
});
