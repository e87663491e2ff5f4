import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { factory } from './factory.js';
import {
  generate,
  notificationParams,
  payInSandbox,
  pdfText,
  signedNotification,
} from './helpers.js';

interface Item {
  activity_id: number;
  name: string;
  amount: number;
  parts?: { from: number; to: number; of: number } | null;
}

/** The export's columns before issue 51: their positions stay. */
const OLD_COLUMNS = [
  'ID',
  'Pedido',
  'Estado',
  'Importe (€)',
  'Reducción',
  'Persona',
  'DNI',
  'Usuario',
  'Actividades',
  'Desglose',
  'Creado (UTC)',
  'Actualizado (UTC)',
  'Pagado (UTC)',
  'Respuesta',
  'Autorización',
  'Forma de pago',
  'Método del banco',
];

/**
 * What a payment of parts of a fee says (issue 51, item 7): the receipt names the parts, and every
 * payment item the contract returns (residents' history, staff's list and one payment, the
 * export, the data-rights file) carries them. The paid parts are written straight into the
 * tables here (the payment paid, then its item marked as parts), independent of the checkout.
 */
describe('payments of parts of a fee', () => {
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

  /**
   * A person enrolled in a fee in `of` parts (40 €) and a whole fee (20 €), both paid in one
   * payment; the first item is parts `from`–`to`.
   */
  async function paidParts(from: number, to: number, of: number) {
    const household = await f.household([4000, 2000]);
    await app.exec(
      sql`UPDATE users SET email = 'pagos@example.gal' WHERE id = ${household.user.id}`,
    );
    const [inParts, whole] = household.activities as [number, number];
    const redirect = await generate(app, household.user.token, {
      person_activity_id: household.person.id,
      activity_ids: household.activities,
      use_discount: false,
    });
    const res = await app.form(
      '/api/payments/notification',
      signedNotification(notificationParams(redirect.order, Math.round(redirect.amount * 100))),
    );
    expect(res.status).toBe(200);
    const payment = (await f.payment(redirect.order))!;
    const parts = JSON.stringify(
      Array.from({ length: of }, (_, i) => ({
        percent_bp:
          i === of - 1 ? 10_000 - Math.floor(10_000 / of) * (of - 1) : Math.floor(10_000 / of),
        due_date: `2027-0${i + 1}-15`,
      })),
    );
    await app.exec(sql`UPDATE activities SET parts = ${parts} WHERE id = ${inParts}`);
    await app.exec(sql`UPDATE payment_items SET part_from = ${from}, part_to = ${to}, part_of = ${of}
      WHERE payment_id = ${payment.id} AND activity_id = ${inParts}`);
    await app.exec(sql`UPDATE enrolment_activities SET parts_paid = ${to},
      is_paid = ${to === of ? 1 : 0} WHERE enrolment_id = ${household.person.id} AND activity_id = ${inParts}`);
    const names = await app.rows<{ id: number; name: string }>(
      sql`SELECT id, name FROM activities WHERE id IN (${inParts}, ${whole})`,
    );
    const nameOf = (id: number) => names.find((row) => row.id === id)!.name;
    return {
      ...household,
      payment,
      inParts: { id: inParts, name: nameOf(inParts) },
      whole: { id: whole, name: nameOf(whole) },
    };
  }

  async function receiptText(path: string, auth: Record<string, string>, lang: string) {
    const res = await app.fetch(`${path}?lang=${lang}`, { headers: auth });
    expect(res.status).toBe(200);
    // pdftotext may break a line anywhere a space is
    return pdfText(Buffer.from(await res.arrayBuffer())).replace(/\s+/g, ' ');
  }

  it('the receipt names the part paid, in Spanish, English and Galician', async () => {
    const { user, payment, inParts, whole } = await paidParts(1, 1, 2);
    const path = `/api/user/payments/${payment.id}/receipt`;
    const es = await receiptText(path, user.auth, 'es');
    expect(es).toContain(`${inParts.name} (1.º plazo de 2)`);
    expect(es).toContain('30,00 €');
    // the whole fee is named as it always was
    expect(es).toContain(`${whole.name} `);
    expect(es).not.toContain(`${whole.name} (`);
    expect(await receiptText(path, user.auth, 'en')).toContain(
      `${inParts.name} (instalment 1 of 2)`,
    );
    expect(await receiptText(path, user.auth, 'gl')).toContain(`${inParts.name} (1.º prazo de 2)`);
    // staff's copy says the same
    expect(
      await receiptText(`/api/admin/payments/${payment.id}/receipt`, admin.auth, 'es'),
    ).toContain(`${inParts.name} (1.º plazo de 2)`);
    // and the desk's check of the printed code
    const code = payment.verification_code!.replace(/-/g, '');
    const check = (await (await app.fetch(`/api/receipts/${code}`)).json()) as {
      activities: unknown[];
    };
    expect(check.activities).toEqual(
      expect.arrayContaining([
        { name: inParts.name, amount: 30, parts: { from: 1, to: 1, of: 2 } },
        { name: whole.name, amount: 15 },
      ]),
    );
  });

  it('several parts paid together are named as a range', async () => {
    const { user, payment, inParts } = await paidParts(1, 2, 3);
    const path = `/api/user/payments/${payment.id}/receipt`;
    expect(await receiptText(path, user.auth, 'es')).toContain(
      `${inParts.name} (plazos 1.º a 2.º de 3)`,
    );
    expect(await receiptText(path, user.auth, 'en')).toContain(
      `${inParts.name} (instalments 1–2 of 3)`,
    );
    expect(await receiptText(path, user.auth, 'gl')).toContain(
      `${inParts.name} (prazos 1.º a 2.º de 3)`,
    );
  });

  it('the resident’s history and staff’s list carry the parts of each item (null for a whole fee)', async () => {
    const { user, payment, inParts, whole } = await paidParts(1, 2, 3);
    const history = (await (
      await app.fetch('/api/user/payments/', { headers: user.auth })
    ).json()) as { id: number; items: Item[] }[];
    const mine = history.find((p) => p.id === payment.id)!;
    expect(mine.items.map((item) => [item.activity_id, item.parts])).toEqual(
      expect.arrayContaining([
        [inParts.id, { from: 1, to: 2, of: 3 }],
        [whole.id, null],
      ]),
    );

    const page = (await (
      await app.fetch(`/api/admin/payments/?q=${payment.order_code}`, { headers: admin.auth })
    ).json()) as { items: { id: number; items: Item[] }[] };
    const listed = page.items.find((p) => p.id === payment.id)!;
    expect(listed.items.find((item) => item.activity_id === inParts.id)?.parts).toEqual({
      from: 1,
      to: 2,
      of: 3,
    });
    expect(listed.items.find((item) => item.activity_id === whole.id)?.parts).toBeNull();
    // one payment as staff see it (the check answers a paid payment as it stands)
    const one = (await (
      await app.fetch(`/api/admin/payments/${payment.id}/check`, {
        method: 'POST',
        headers: admin.auth,
      })
    ).json()) as { items: Item[] };
    expect(one.items.find((item) => item.activity_id === inParts.id)?.parts).toEqual({
      from: 1,
      to: 2,
      of: 3,
    });
  });

  it('the export adds a last column “Plazos”, the others keeping their places', async () => {
    const one = await paidParts(1, 1, 2);
    const range = await paidParts(1, 2, 3);
    const res = await app.fetch('/api/admin/payments/export?status=paid', { headers: admin.auth });
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([...OLD_COLUMNS, 'Plazos']);
    const rowOf = (order: string) => {
      for (let n = 2; n <= sheet.rowCount; n++)
        if (sheet.getRow(n).getCell(2).value === order) return sheet.getRow(n);
      throw new Error(`no row for ${order}`);
    };
    expect(rowOf(one.payment.order_code).getCell(18).value).toBe(`${one.inParts.name}: 1/2`);
    expect(rowOf(range.payment.order_code).getCell(18).value).toBe(`${range.inParts.name}: 1–2/3`);
    // the activities column is where it was
    expect(String(rowOf(one.payment.order_code).getCell(9).value)).toContain(one.whole.name);
  });

  it('the data-rights export gives the parts of each item', async () => {
    const { user, inParts, whole } = await paidParts(1, 1, 2);
    const res = await app.fetch('/api/user/me/export', { headers: user.auth });
    expect(res.status).toBe(200);
    const data = (await res.json()) as {
      payments: { items: { activity: string; parts: unknown }[] }[];
    };
    expect(data.payments[0]?.items).toEqual(
      expect.arrayContaining([
        { activity: inParts.name, amount: 30, parts: { from: 1, to: 1, of: 2 } },
        { activity: whole.name, amount: 15, parts: null },
      ]),
    );
  });

  it('through the real checkout: part 1 paid by card is on the receipt and in the history; part 2 is reminded of', async () => {
    const created = await app.json(
      '/api/admin/activities-crud/',
      'POST',
      {
        name: `Escola de natación ${Date.now()}`,
        price: 90,
        start_date: '2026-10-01',
        parts: [
          { percent: 50, due_date: '2026-12-15' },
          { percent: 50, due_date: '2027-01-15' },
        ],
      },
      admin.auth,
    );
    expect(created.status).toBe(201);
    const activity = (await created.json()) as { id: number; name: string };
    const user = await f.user();
    const person = await f.person('Sabela', 'Vidal Costas');
    await f.link(user.id, person.id);
    await f.enrol(person.id, activity.id);
    const res = await app.json(
      '/api/payments/generate-multiple/',
      'POST',
      {
        person_activity_id: person.id,
        use_discount: false,
        activity_ids: [],
        parts: [{ activity_id: activity.id, number: 1 }],
      },
      user.auth,
    );
    expect(res.status).toBe(200);
    const redirect = (await res.json()) as {
      action: string;
      fields: Record<string, string>;
      order: string;
    };
    expect((await payInSandbox(app, redirect)).location).toContain('/pago-ok');
    const payment = (await f.payment(redirect.order))!;
    expect(payment.status).toBe('paid');

    expect(
      await receiptText(`/api/user/payments/${payment.id}/receipt`, user.auth, 'gl'),
    ).toContain(`${activity.name} (1.º prazo de 2)`);
    const history = (await (
      await app.fetch('/api/user/payments/', { headers: user.auth })
    ).json()) as { id: number; items: Item[] }[];
    expect(history.find((p) => p.id === payment.id)?.items).toEqual([
      expect.objectContaining({ activity_id: activity.id, parts: { from: 1, to: 1, of: 2 } }),
    ]);

    // the day before part 2's: reminded of part 2 alone (75 % of 90 €, half of it)
    await app.exec(sql`UPDATE enrolment_activities SET is_paid = 1
      WHERE NOT (enrolment_id = ${person.id} AND activity_id = ${activity.id})`);
    await app.exec(sql`UPDATE config SET reminders_enabled = 1, reminder_days = '[1]',
      reminder_channel = 'sms'`);
    await app.exec(sql`UPDATE users SET phone = '699000111' WHERE id = ${user.id}`);
    app.clock.set('2027-01-14T10:00:00Z');
    const staff = (await app.deps.repos.users.findById(admin.id))!;
    const run = await app.fetch('/api/admin/reminders/run', {
      method: 'POST',
      headers: { Authorization: `Bearer ${await app.deps.tokens.issue(staff)}` },
    });
    expect(await run.json()).toMatchObject({ sent: 1 });
    expect(
      await app.value(sql`SELECT body FROM outbox WHERE recipient = '699000111' ORDER BY id DESC`),
    ).toContain(
      `${activity.name} de Sabela Vidal Costas, 2.º plazo de 2: 33,75\u00a0€ hasta el 15 de enero de 2027`,
    );
    app.clock.set('2026-11-21T10:00:00Z');
  });
});
