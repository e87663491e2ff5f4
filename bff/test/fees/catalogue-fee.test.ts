import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { feesWorld, type Auth } from './support.js';

interface CatalogueFee {
  amount: number | null;
  amount_with_reduction: number | null;
  tariffs: { min_age: number; max_age: number | null; price: number; default: boolean }[];
  reductions: { circumstance: string; percent: number | null; price: number | null }[];
  family_discounts: { from_member: number; percent: number }[];
  cumulative: boolean;
}

/**
 * The public catalogue says what a resident pays, as the checkout and the offer's message charge
 * it (issue 49, item 13): never the bare price when the resident is charged something else.
 */
describe('the catalogue tells what a resident pays', () => {
  let app: TestApp;
  let w: ReturnType<typeof feesWorld>;
  let admin: Auth;
  let phone = 691_000_000;
  const now = Date.parse('2026-12-08T10:00:00Z');
  const window = {
    allocation: 'first_come',
    capacity: 5,
    applications_open_at: new Date(now - 3_600_000).toISOString(),
    applications_close_at: new Date(now + 86_400_000).toISOString(),
  };
  beforeAll(async () => {
    app = await startTestApp({ now: '2026-12-08T10:00:00Z' });
    w = feesWorld(app);
    admin = (await w.user('admin')).auth;
  });
  beforeEach(async () => {
    await w.clearRules();
    await app.exec(sql`UPDATE config SET global_discount_bp = 5000`);
  });
  afterAll(() => app.close());

  async function catalogueFee(activityId: number, lang = 'es'): Promise<CatalogueFee> {
    const res = await app.fetch('/api/catalogue', { headers: { 'Accept-Language': lang } });
    expect(res.status).toBe(200);
    const rows = (await res.json()) as { id: number; price: number; fee: CatalogueFee }[];
    return rows.find((row) => row.id === activityId)!.fee;
  }

  it('simple mode: 75 % of the price, or less the global discount, as the offer’s SMS says', async () => {
    const swimming = await w.staffActivity(admin, { name: 'Natación', price: 60, ...window });
    expect(await catalogueFee(swimming)).toEqual({
      registration_fee: 0,
      parts: [],
      amount: 45,
      amount_with_reduction: 30,
      tariffs: [],
      reductions: [],
      family_discounts: [],
      cumulative: false,
    });

    // a resident applies, gets the place and is told the same 45,00 €
    const person = await w.born('Lucía', '2015-05-05');
    const user = await w.family(person);
    const own = String(++phone);
    await app.exec(sql`UPDATE users SET phone = ${own} WHERE id = ${user.id}`);
    const applied = await app.json(
      '/api/user/applications',
      'POST',
      { person_activity_id: person, activity_id: swimming },
      user.auth,
    );
    expect(applied.status).toBe(201);
    await app.exec(
      sql`UPDATE applications SET offer_notified_at = NULL WHERE activity_id = ${swimming}`,
    );
    await app.deps.jobs.runNow('season-messages');
    const [body] = await app.column<string>(
      sql`SELECT body FROM outbox WHERE channel = 'sms' AND recipient = ${own} ORDER BY id`,
    );
    expect(body).toMatch(/paga 45,00\u00a0€/i);
    expect((await w.due(user, person)).get(swimming)?.amount_due).toBe(45);

    // without a global discount there is no reduced amount
    await app.exec(sql`UPDATE config SET global_discount_bp = 0`);
    expect(await catalogueFee(swimming)).toMatchObject({ amount: 45, amount_with_reduction: null });
  });

  it('fee rules: the bands, the reductions in the caller’s language and the family discount', async () => {
    const large = await w.circumstance({
      es: 'Familia numerosa',
      en: 'Large family',
      gl: 'Familia numerosa galega',
    });
    const pensioner = await w.circumstance('Pensionista');
    await w.rules(admin, {
      reductions: [
        { circumstance_id: large, activity_id: null, percent: 20, price: null },
        { circumstance_id: pensioner, activity_id: null, percent: null, price: 10 },
      ],
      family_discounts: [{ from_member: 2, percent: 50 }],
    });
    const bands = await w.staffActivity(admin, {
      name: 'Ximnasia',
      price: 50,
      ...window,
      fee_group: 'Escolas 2026',
      tariffs: [
        { min_age: 0, max_age: 17, price: 50, default: true },
        { min_age: 18, max_age: null, price: 80, default: false },
      ],
    });
    const noReductions = await w.staffActivity(admin, {
      name: 'Sala',
      price: 30,
      ...window,
      reductions_apply: false,
    });

    const fee = await catalogueFee(bands, 'gl');
    expect(fee).toMatchObject({
      amount: null,
      amount_with_reduction: null,
      tariffs: [
        { min_age: 0, max_age: 17, price: 50, default: true },
        { min_age: 18, max_age: null, price: 80, default: false },
      ],
      family_discounts: [{ from_member: 2, percent: 50 }],
      cumulative: false,
    });
    expect(fee.reductions).toEqual([
      { circumstance: expect.stringMatching(/^Familia numerosa galega/), percent: 20, price: null },
      { circumstance: expect.stringMatching(/^Pensionista/), percent: null, price: 10 },
    ]);
    expect((await catalogueFee(bands, 'en')).reductions[0]?.circumstance).toMatch(/^Large family/);
    // no fee group: no family discount; reductions switched off for the activity: none shown
    expect(await catalogueFee(noReductions)).toEqual({
      registration_fee: 0,
      parts: [],
      amount: 30,
      amount_with_reduction: null,
      tariffs: [],
      reductions: [],
      family_discounts: [],
      cumulative: false,
    });
  });

  it('tells the registration fee and the parts, in either mode (issue 60)', async () => {
    const gym = await w.staffActivity(admin, {
      name: 'Ximnasia',
      price: 180,
      registration_fee: 20,
      parts: [
        { weight: 4, due_date: '2026-12-15' },
        { weight: 3, due_date: '2027-01-15' },
        { weight: 2, due_date: '2027-02-15' },
      ],
      ...window,
    });
    const told = {
      registration_fee: 20,
      parts: [
        { weight: 4, due_date: '2026-12-15' },
        { weight: 3, due_date: '2027-01-15' },
        { weight: 2, due_date: '2027-02-15' },
      ],
    };
    expect(await catalogueFee(gym)).toMatchObject({ ...told, amount: 135 });
    await w.circumstance('Familia numerosa');
    expect(await catalogueFee(gym)).toMatchObject({ ...told, amount: 180 });
  });
});
