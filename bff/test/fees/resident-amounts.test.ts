import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { generate, payInSandbox } from '../payments/helpers.js';
import { feesWorld, type Auth } from './support.js';

interface CatalogueQuote {
  activity_id: number;
  person_activity_id: number;
  full_name: string;
  amount: number;
  breakdown: {
    tariff_price: number;
    tariff: { min_age: number; max_age: number | null; age: number | null } | null;
    reduction: { name: string; percent: number | null; amount: number } | null;
    family_discount: { member: number; percent: number; amount: number } | null;
  } | null;
}

/**
 * Every place a resident reads an amount shows what they pay and why: the catalogue's quotes
 * for each person they manage (GET /user/quotes), and a paid fee with the breakdown it was
 * charged by, whatever the rules say afterwards.
 */
describe("a resident's amounts under fee rules", () => {
  let app: TestApp;
  let w: ReturnType<typeof feesWorld>;
  let admin: { id: number; auth: Auth };
  let group: string;
  let swimming: number;
  let padel: number;
  let large: number;

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-21T10:00:00Z' });
    w = feesWorld(app);
    admin = await w.user('admin');
  });
  beforeEach(async () => {
    await w.clearRules();
    await app.exec(sql`UPDATE activities SET allocation = 'none', capacity = NULL`);
    await w.settings({ payments_enabled: true, discount_bp: 5000, deadline: '2026-12-15' });
    group = `Escolas ${Math.random()}`;
    swimming = await w.staffActivity(admin.auth, {
      name: 'Natación',
      price: 50,
      fee_group: group,
      start_date: '2027-01-11',
      tariffs: [
        { min_age: 0, max_age: 17, price: 50, default: true },
        { min_age: 18, max_age: null, price: 80, default: false },
      ],
      ...season,
    });
    // for adults only: children get no quote for it
    padel = await w.staffActivity(admin.auth, {
      name: 'Pádel',
      price: 90,
      start_date: '2027-01-11',
      max_birth_year: 2008,
      ...season,
    });
    large = await w.circumstance({
      es: 'Familia numerosa',
      en: 'Large family',
      gl: 'Familia numerosa xeral',
    });
    await w.rules(admin.auth, {
      reductions: [{ circumstance_id: large, activity_id: null, percent: 20, price: null }],
      family_discounts: [{ from_member: 2, percent: 30 }],
    });
  });
  afterAll(() => app.close());
  const season = {
    allocation: 'first_come',
    capacity: 20,
    applications_open_at: '2026-11-20T08:00:00.000Z',
    applications_close_at: '2026-12-20T22:59:00.000Z',
    offer_hours: 72,
  };

  const quotes = async (user: { auth: Auth }, lang = 'es') => {
    const res = await app.fetch('/api/user/quotes', {
      headers: { ...user.auth, 'Accept-Language': lang },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as CatalogueQuote[];
  };
  const of = (list: CatalogueQuote[], activity: number, person: number) =>
    list.find((q) => q.activity_id === activity && q.person_activity_id === person);

  it("quotes each person's own fee for each catalogue activity they may apply for", async () => {
    const mother = await w.born('Carme', '1984-05-02');
    const elder = await w.born('Antía', '2014-03-01');
    const younger = await w.born('Brais', '2016-03-01');
    await w.approve(younger, large);
    // Antía already swims: her fee is the family's first of the group
    await w.enrol(elder, swimming);
    const user = await w.family(mother, elder, younger);

    const list = await quotes(user, 'gl');
    // only the activities with places, only the people who may apply (Pádel: born 2008 or before)
    expect(list.every((q) => q.activity_id === swimming || q.activity_id === padel)).toBe(true);
    expect(of(list, padel, elder)).toBeUndefined();
    expect(of(list, padel, younger)).toBeUndefined();
    expect(of(list, padel, mother)).toMatchObject({
      amount: 90,
      breakdown: { tariff_price: 90, tariff: null, reduction: null, family_discount: null },
    });
    // the mother: the adult band (age on the start date), the dearest fee of the group, no discount
    expect(of(list, swimming, mother)).toMatchObject({
      full_name: expect.stringMatching(/^Carme Proba/),
      amount: 80,
      breakdown: { tariff_price: 80, tariff: { min_age: 18, max_age: null, age: 42 } },
    });
    // Antía, enrolled: her own fee as the dashboard shows it
    const dues = await w.due(user, elder);
    expect(of(list, swimming, elder)?.amount).toBe(dues.get(swimming)?.amount_due);
    expect(of(list, swimming, elder)).toMatchObject({ amount: 50 });
    // Brais, were he to get a place: the second member's 30 % beats his reduction's 20 %
    expect(of(list, swimming, younger)).toMatchObject({
      amount: 35,
      breakdown: {
        tariff_price: 50,
        tariff: { min_age: 0, max_age: 17, age: 10 },
        reduction: null,
        family_discount: { member: 2, percent: 30, amount: 15 },
      },
    });

    // stacked, the reduction first, then the family discount on what is left, named in Galician
    await w.rules(admin.auth, {
      reductions: [{ circumstance_id: large, activity_id: null, percent: 20, price: null }],
      family_discounts: [{ from_member: 2, percent: 30 }],
      cumulative: true,
    });
    expect(of(await quotes(user, 'gl'), swimming, younger)).toMatchObject({
      amount: 28,
      breakdown: {
        reduction: { name: expect.stringMatching(/^Familia numerosa xeral/), amount: 10 },
        family_discount: { member: 2, amount: 12 },
      },
    });
    // what the quote says is what the checkout then charges
    await w.enrol(younger, swimming);
    expect(await w.amountDue(user, younger, swimming)).toBe(28);
  });

  it('answers an empty list in the simple mode, for an account managing nobody, and 401 without a session', async () => {
    const child = await w.born('Uxía', '2016-03-01');
    const user = await w.family(child);
    expect((await quotes(user)).length).toBeGreaterThan(0);
    const nobody = await w.family();
    expect(await quotes(nobody)).toEqual([]);
    await w.clearRules();
    expect(await quotes(user)).toEqual([]);
    const anonymous = await app.fetch('/api/user/quotes');
    expect(anonymous.status).toBe(401);
  });

  it('shows a paid fee with the breakdown it was charged by, however the rules change afterwards', async () => {
    const child = await w.born('Iago', '2016-03-01');
    await w.approve(child, large);
    await w.enrol(child, swimming);
    const user = await w.family(child);
    const redirect = await generate(app, user.token, {
      person_activity_id: child,
      activity_ids: [swimming],
      use_discount: false,
    });
    expect(redirect.amount).toBe(40);
    await payInSandbox(app, redirect);

    // the council drops the reduction and raises the children's band
    const edited = await app.json(
      `/api/admin/activities-crud/${swimming}`,
      'PUT',
      {
        name: `Natación ${Math.random()}`,
        price: 60,
        start_date: '2027-01-11',
        fee_group: group,
        tariffs: [{ min_age: 0, max_age: null, price: 60, default: true }],
        ...season,
      },
      admin.auth,
    );
    expect(edited.status).toBe(200);
    await w.rules(admin.auth, {
      reductions: [],
      family_discounts: [{ from_member: 2, percent: 30 }],
    });

    const paid = (await w.due(user, child, 'en')).get(swimming)!;
    expect(paid).toMatchObject({
      is_paid: true,
      amount_due: null,
      amount: 40,
      breakdown: {
        tariff_price: 50,
        tariff: { min_age: 0, max_age: 17, age: 10, default: false },
        reduction: { name: expect.stringMatching(/^Large family/), percent: 20, amount: 10 },
        family_discount: null,
      },
    });
    // the catalogue's quote for the same person tells what was paid too
    expect(of(await quotes(user, 'en'), swimming, child)).toMatchObject({
      amount: 40,
      breakdown: { tariff_price: 50, reduction: { amount: 10 } },
    });

    // marked paid by staff, without a payment: the amount, and no breakdown to show
    const other = await w.born('Noa', '2015-03-01');
    await w.enrol(other, swimming);
    await app.exec(
      sql`UPDATE enrolment_activities SET is_paid = 1, paid_amount_cents = 4500
          WHERE enrolment_id = ${other} AND activity_id = ${swimming}`,
    );
    const family = await w.family(other);
    expect((await w.due(family, other)).get(swimming)).toMatchObject({
      is_paid: true,
      amount: 45,
      breakdown: null,
    });
  });
});
