import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { feesWorld, type Auth } from '../fees/support.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { payInSandbox, pdfText } from './helpers.js';

interface Line {
  id: number;
  amount: number;
  amount_due: number | null;
  amount_with_discount: number | null;
  is_paid: boolean;
  registration_fee: number;
  part?: { number: number; of: number } | null;
  breakdown: { registration_fee: number; reduction: { amount: number } | null } | null;
}

const DAYS = ['2026-12-15', '2027-01-15', '2027-02-15'];

/**
 * A registration fee and parts by weight (issue 60, items 2, 3 and 8), over HTTP on both
 * engines: the fee never reduced, charged once with the first payment; 180 € in weights 4:3:2 is
 * 80/60/40; the large family of the issue pays 50/30/20; the receipt's words and amounts agree.
 */
describe('a registration fee and parts by weight', () => {
  let app: TestApp;
  let w: ReturnType<typeof feesWorld>;
  let admin: { id: number; auth: Auth };
  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-21T10:00:00Z' });
    w = feesWorld(app);
    admin = await w.user('admin');
  });
  beforeEach(async () => {
    app.clock.set('2026-11-21T10:00:00Z');
    await w.clearRules();
    await w.settings({ payments_enabled: true, discount_bp: 0, deadline: '2026-12-15' });
  });
  afterAll(() => app.close());

  const post = (body: Record<string, unknown>, lang = 'es') =>
    app.json(
      '/api/admin/activities-crud/',
      'POST',
      { name: `Ximnasia ${Date.now()}`, price: 180, start_date: '2026-10-01', ...body },
      { ...admin.auth, 'Accept-Language': lang },
    );
  const refused = async (body: Record<string, unknown>, lang = 'es') => {
    const res = await post(body, lang);
    expect(res.status).toBe(422);
    return ((await res.json()) as { detail: { loc: unknown[]; type: string; msg: string }[] })
      .detail;
  };
  const lines = async (auth: Auth, person: number, activity: number) => {
    const res = await app.fetch(`/api/user/activities/${person}`, { headers: auth });
    expect(res.status).toBe(200);
    return ((await res.json()) as Line[]).filter((line) => line.id === activity);
  };
  const pay = async (auth: Auth, person: number, body: Record<string, unknown>) => {
    const res = await app.json(
      '/api/payments/generate-multiple/',
      'POST',
      { person_activity_id: person, use_discount: false, activity_ids: [], parts: [], ...body },
      auth,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const redirect = (await res.json()) as {
      action: string;
      fields: Record<string, string>;
      order: string;
      amount: number;
    };
    expect((await payInSandbox(app, redirect)).location).toContain('/pago-ok');
    const payment = await app.row<{ id: number }>(
      sql`SELECT id FROM payments WHERE order_code = ${redirect.order}`,
    );
    return { amount: redirect.amount, id: Number(payment!.id) };
  };
  const receipt = async (auth: Auth, id: number, lang = 'es') => {
    const res = await app.fetch(`/api/user/payments/${id}/receipt?lang=${lang}`, {
      headers: auth,
    });
    expect(res.status).toBe(200);
    return pdfText(Buffer.from(await res.arrayBuffer())).replace(/\s+/g, ' ');
  };
  /** Rules mode: any circumstance makes the fee the tariff's price (no 75 %). */
  const rulesMode = () => w.circumstance('Familia numerosa');

  it('refuses, by field and in the caller’s language, a weight of 0, mixed parts and a registration fee over the bound', async () => {
    const before = await app.value(sql`SELECT COUNT(*) FROM activities`);
    const zero = await refused({
      parts: [
        { weight: 0, due_date: DAYS[0] },
        { weight: 1, due_date: DAYS[1] },
      ],
    });
    expect(zero).toEqual([
      expect.objectContaining({ loc: ['body', 'parts', 0, 'weight'], type: 'parts_weight' }),
    ]);
    expect(zero[0]!.msg).toBe('El peso del 1.º plazo debe ser un número entero de 1 a 1000.');
    const big = await refused(
      {
        parts: [
          { weight: 1, due_date: DAYS[0] },
          { weight: 1001, due_date: DAYS[1] },
        ],
      },
      'en',
    );
    expect(big).toEqual([
      expect.objectContaining({
        loc: ['body', 'parts', 1, 'weight'],
        type: 'parts_weight',
        msg: 'The weight of instalment 2 must be a whole number from 1 to 1000.',
      }),
    ]);
    const halves = await refused({
      parts: [
        { weight: 1.5, due_date: DAYS[0] },
        { weight: 1, due_date: DAYS[1] },
      ],
    });
    expect(halves.map((i) => i.type)).toEqual(['parts_weight']);
    const mixed = await refused(
      {
        parts: [
          { weight: 1, due_date: DAYS[0] },
          { percent: 50, due_date: DAYS[1] },
        ],
      },
      'gl',
    );
    expect(mixed).toEqual([
      expect.objectContaining({
        loc: ['body', 'parts', 1, 'percent'],
        type: 'parts_mixed',
        msg: 'O 2.º prazo debe darse coma os demais: todos en porcentaxe ou todos por peso.',
      }),
    ]);
    const both = await refused({
      parts: [
        { percent: 50, weight: 1, due_date: DAYS[0] },
        { percent: 50, due_date: DAYS[1] },
      ],
    });
    expect(both.map((i) => [i.loc, i.type])).toEqual([
      [['body', 'parts', 0, 'weight'], 'parts_mixed'],
      [['body', 'parts', 1, 'percent'], 'parts_mixed'],
    ]);
    // past the bound of every amount staff enter (StaffEuros): amount_too_high, as a price
    for (const fee of [100_000.01, 1e300]) {
      const over = await refused({ registration_fee: fee });
      expect(over).toEqual([
        expect.objectContaining({
          loc: ['body', 'registration_fee'],
          type: 'amount_too_high',
          msg: 'El importe no puede pasar de 100.000 €.',
        }),
      ]);
    }
    expect(await refused({ registration_fee: -1 })).toEqual([
      expect.objectContaining({
        loc: ['body', 'registration_fee'],
        type: 'registration_fee_invalid',
        msg: 'La matrícula debe ser un importe de 0 a 100.000 €.',
      }),
    ]);
    expect(await app.value(sql`SELECT COUNT(*) FROM activities`)).toBe(before);
    // the bounds themselves are fine
    const ok = await post({
      registration_fee: 100_000,
      parts: [
        { weight: 1000, due_date: DAYS[0] },
        { weight: 1, due_date: DAYS[1] },
      ],
    });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({
      registration_fee: 100_000,
      parts: [
        { weight: 1000, due_date: DAYS[0] },
        { weight: 1, due_date: DAYS[1] },
      ],
    });
  });

  it('180 € in weights 4:3:2 is 80/60/40; equal weights of a fee divisible by their count are equal to the cent', async () => {
    await rulesMode();
    const gym = await w.staffActivity(admin.auth, {
      name: 'Ximnasia',
      price: 180,
      parts: [
        { weight: 4, due_date: DAYS[0] },
        { weight: 3, due_date: DAYS[1] },
        { weight: 2, due_date: DAYS[2] },
      ],
    });
    const thirds = await w.staffActivity(admin.auth, {
      name: 'Pilates',
      price: 100.02,
      parts: DAYS.map((due_date) => ({ weight: 7, due_date })),
    });
    const person = await w.born('Antía', '1990-03-01');
    await w.enrol(person, gym);
    await w.enrol(person, thirds);
    const user = await w.family(person);
    expect((await lines(user.auth, person, gym)).map((l) => l.amount_due)).toEqual([80, 60, 40]);
    expect((await lines(user.auth, person, thirds)).map((l) => l.amount_due)).toEqual([
      33.34, 33.34, 33.34,
    ]);
    // the same in percent cannot: 44.44/33.33/22.23 % of 180 €
    const percent = await w.staffActivity(admin.auth, {
      name: 'Ximnasia en porcentaxe',
      price: 180,
      parts: [
        { percent: 44.44, due_date: DAYS[0] },
        { percent: 33.33, due_date: DAYS[1] },
        { percent: 22.23, due_date: DAYS[2] },
      ],
    });
    await w.enrol(person, percent);
    expect((await lines(user.auth, person, percent)).map((l) => l.amount_due)).toEqual([
      79.99, 59.99, 40.02,
    ]);
    // paying by weight charges exactly them
    expect(
      (await pay(user.auth, person, { parts: [{ activity_id: gym, number: 1 }] })).amount,
    ).toBe(80);
  });

  it('the large family of the issue: registration 20 € + parts 30/30/20 of a halved fee pay 50/30/20; the receipt agrees', async () => {
    const large = await rulesMode();
    await w.rules(admin.auth, {
      reductions: [{ circumstance_id: large, activity_id: null, percent: 50, price: null }],
    });
    const school = await w.staffActivity(admin.auth, {
      name: 'Escola deportiva',
      price: 160,
      registration_fee: 20,
      parts: [
        { weight: 3, due_date: DAYS[0] },
        { weight: 3, due_date: DAYS[1] },
        { weight: 2, due_date: DAYS[2] },
      ],
    });
    const child = await w.born('Iago', '2015-02-01');
    const sister = await w.born('Noa', '2016-02-01');
    await w.enrol(child, school);
    await w.enrol(sister, school);
    await w.approve(child, large);
    const user = await w.family(child, sister);
    // without a reduction: 80/60/40 (the registration fee with part 1)
    expect((await lines(user.auth, sister, school)).map((l) => l.amount_due)).toEqual([80, 60, 40]);
    const due = await lines(user.auth, child, school);
    expect(due.map((l) => [l.amount_due, l.registration_fee])).toEqual([
      [50, 20],
      [30, 0],
      [20, 0],
    ]);
    expect(due[0]!.breakdown).toMatchObject({ registration_fee: 20, reduction: { amount: 80 } });

    const first = await pay(user.auth, child, { parts: [{ activity_id: school, number: 1 }] });
    expect(first.amount).toBe(50);
    expect(
      await app.row(
        sql`SELECT amount_cents, registration_fee_cents, fee_cents, remaining_cents
            FROM payment_items WHERE payment_id = ${first.id}`,
      ),
    ).toEqual({
      amount_cents: 5000,
      registration_fee_cents: 2000,
      fee_cents: 8000,
      remaining_cents: 5000,
    });
    const es = await receipt(user.auth, first.id);
    expect(es).toContain('Reducción por');
    expect(es).toContain('−80,00 €');
    expect(es).toContain('Cuota con sus reducciones: 80,00 €');
    expect(es).toContain('Este pago, 1.º plazo de 3: 30,00 €');
    expect(es).toContain('Matrícula (sin reducción): +20,00 €');
    expect(es).toContain('Queda por pagar de la cuota: 50,00 €');
    expect(es).toContain('50,00 €');
    expect(await receipt(user.auth, first.id, 'en')).toContain(
      'Registration fee (never reduced): +€20.00',
    );
    expect(await receipt(user.auth, first.id, 'gl')).toContain('Queda por pagar da cota: 50,00 €');

    // charged once: parts 2 and 3 carry none, and the paid part 1 shows what it charged
    const after = await lines(user.auth, child, school);
    expect(after.map((l) => [l.is_paid, l.amount, l.registration_fee])).toEqual([
      [true, 50, 20],
      [false, 30, 0],
      [false, 20, 0],
    ]);
    const history = (await (
      await app.fetch('/api/user/payments/', { headers: user.auth })
    ).json()) as { id: number; items: { registration_fee: number; amount: number }[] }[];
    expect(history.find((p) => p.id === first.id)?.items).toEqual([
      expect.objectContaining({ amount: 50, registration_fee: 20 }),
    ]);
    const second = await pay(user.auth, child, { parts: [{ activity_id: school, number: 2 }] });
    expect(second.amount).toBe(30);
    expect(
      await app.value(
        sql`SELECT registration_fee_cents FROM payment_items WHERE payment_id = ${second.id}`,
      ),
    ).toBe(0);
    // the receipt's check link: a page a person reads in a browser, the JSON for programs
    const code = String(
      await app.value(sql`SELECT verification_code FROM payments WHERE id = ${first.id}`),
    ).replace(/-/g, '');
    const page = await app.fetch(`/api/receipts/${code}`, {
      headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'Accept-Language': 'gl' },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<html lang="gl">');
    expect(html).toContain('Xustificante auténtico');
    expect(html).toMatch(/\(1\.º prazo de 3\): 50,00\s€/u);
    expect(html).not.toContain('Iago');
    const json = await app.fetch(`/api/receipts/${code}`);
    expect(json.headers.get('content-type')).toContain('application/json');
    expect(await json.json()).toMatchObject({ valid: true, amount: 50 });
    const unknown = await app.fetch('/api/receipts/AAAABBBBCCCC', {
      headers: { Accept: 'text/html', 'Accept-Language': 'en' },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('No receipt has this code');
    const last = await pay(user.auth, child, { parts: [{ activity_id: school, number: 3 }] });
    expect(last.amount).toBe(20);
    expect(await receipt(user.auth, last.id)).toContain('Queda por pagar de la cuota: 0,00 €');
  });

  it('Teià’s monthly pass (docs/fees.md): 9 months by equal weights, the 30 € registration fee with the first', async () => {
    const youth = await w.circumstance('Xove 14-29');
    const large = await w.circumstance('Família nombrosa');
    const older = await w.circumstance('Gent gran');
    await w.rules(admin.auth, {
      reductions: [
        { circumstance_id: youth, activity_id: null, percent: 30, price: null },
        { circumstance_id: large, activity_id: null, percent: 25, price: null },
        { circumstance_id: older, activity_id: null, percent: 50, price: null },
      ],
      family_discounts: [
        { from_member: 2, percent: 10 },
        { from_member: 3, percent: 15 },
        { from_member: 4, percent: 25 },
      ],
    });
    const months = [
      '10-31',
      '11-30',
      '12-31',
      '01-31',
      '02-28',
      '03-31',
      '04-30',
      '05-31',
      '06-30',
    ];
    const pass = await w.staffActivity(admin.auth, {
      name: 'Abonament mensual',
      price: 328.5,
      registration_fee: 30,
      fee_group: `Poliesportiu El Cim ${Date.now()}`,
      // next season's months: a part whose day has passed cannot be written (parts_past)
      parts: months.map((day, i) => ({ weight: 1, due_date: `${i < 3 ? 2027 : 2028}-${day}` })),
    });
    const amounts = async (person: number, ...held: number[]) => {
      for (const id of held) await w.approve(person, id);
      await w.enrol(person, pass);
      const user = await w.family(person);
      return (await lines(user.auth, person, pass)).map((l) => l.amount_due);
    };
    const nine = (first: number, rest: number, last = rest) => [
      first,
      ...Array.from({ length: 7 }, () => rest),
      last,
    ];
    expect(await amounts(await w.born('Adult', '1980-01-01'))).toEqual(nine(66.5, 36.5));
    expect(await amounts(await w.born('Jove', '2002-01-01'), youth)).toEqual(nine(55.55, 25.55));
    expect(await amounts(await w.born('Gran', '1950-01-01'), older)).toEqual(nine(48.25, 18.25));
    // 25 % of 328.50 is 246.375: 246.38, nine parts of 27.38 but the last 27.34
    expect(await amounts(await w.born('Nombrosa', '1985-01-01'), large)).toEqual(
      nine(57.38, 27.38, 27.34),
    );
    // the second member of a family: 10 % off the fee, never off the registration fee
    const first = await w.born('Pare', '1975-01-01');
    const second = await w.born('Mare', '1976-01-01');
    await w.enrol(first, pass);
    await w.enrol(second, pass);
    const family = await w.family(first, second);
    expect((await lines(family.auth, second, pass)).map((l) => l.amount_due)).toEqual(
      nine(62.85, 32.85),
    );
  });

  it('a whole fee in the simple mode: the registration fee added, never reduced, charged once', async () => {
    await w.settings({ discount_bp: 2000 });
    const pool = await w.staffActivity(admin.auth, {
      name: 'Piscina',
      price: 40,
      registration_fee: 20,
    });
    const person = await w.born('Brais', '2012-05-01');
    await w.enrol(person, pool);
    const user = await w.family(person);
    const [line] = await lines(user.auth, person, pool);
    // 75 % of 40 = 30, or 32 with the 20 % reduction; + 20 either way
    expect(line).toMatchObject({
      amount: 50,
      amount_due: 50,
      amount_with_discount: 52,
      registration_fee: 20,
      breakdown: null,
    });
    const paid = await pay(user.auth, person, { activity_ids: [pool], use_discount: true });
    expect(paid.amount).toBe(52);
    const text = await receipt(user.auth, paid.id, 'gl');
    expect(text).toContain('Cota coas súas reducións: 32,00 €');
    expect(text).toContain('Matrícula (sen redución): +20,00 €');
    const [after] = await lines(user.auth, person, pool);
    expect(after).toMatchObject({ is_paid: true, amount: 52, registration_fee: 20 });
    expect(
      await app.row(
        sql`SELECT paid_amount_cents, registration_fee_paid_cents FROM enrolment_activities
            WHERE enrolment_id = ${person} AND activity_id = ${pool}`,
      ),
    ).toEqual({ paid_amount_cents: 5200, registration_fee_paid_cents: 2000 });
  });
});
