import { t } from '../../src/i18n/index.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { feesWorld, tables, type Auth } from './support.js';

/**
 * Issue 60, items 1 and 6: a circumstance by age applies by itself and competes with the other
 * reductions and the family discount (never stacks when they are not cumulative); a declaration
 * with ages cannot be declared outside them; rules by fee group. Ages on 1 October 2026.
 */
describe('reductions by age and rules by fee group', () => {
  let app: TestApp;
  let w: ReturnType<typeof feesWorld>;
  let admin: Auth;
  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-21T10:00:00Z' });
    w = feesWorld(app);
    admin = (await w.user('admin')).auth;
  });
  beforeEach(async () => {
    await w.clearRules();
    await w.settings({ payments_enabled: true, discount_bp: 5000, deadline: '2026-12-15' });
  });
  afterAll(() => app.close());

  let sequence = 0;
  /** A circumstance written through staff's API; its id (or the answer, when refused). */
  async function byStaff(body: Record<string, unknown>, lang = 'es') {
    const name = `${String(body.name ?? 'Circunstancia')} ${++sequence}`;
    const proof = { es: 'Documento', en: 'Document', gl: 'Documento' };
    return app.json(
      '/api/admin/circumstances',
      'POST',
      {
        validity_months: 12,
        ...(body.review === 'age' ? {} : { proof }),
        ...body,
        name: { es: name, en: name, gl: name },
      },
      { ...admin, 'Accept-Language': lang },
    );
  }
  const created = async (body: Record<string, unknown>) => {
    const res = await byStaff(body);
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };

  /** The issue's price table: ages 14–29 30 %, 65 and over 50 %, disability 50 %, unemployed 25 %, family steps. */
  async function priceTable(group = 'Abonos 2026-27') {
    const pass = await w.staffActivity(admin, { name: 'Abono', price: 109.5, fee_group: group });
    const youth = await created({ name: 'Xoves', review: 'age', min_age: 14, max_age: 29 });
    const senior = await created({ name: 'Maiores', review: 'age', min_age: 65, max_age: null });
    const disability = await w.circumstance('Discapacidade');
    const unemployed = await w.circumstance('Desemprego');
    const rule = (circumstance_id: number, percent: number) => ({
      circumstance_id,
      activity_id: null,
      percent,
      price: null,
    });
    await w.rules(admin, {
      reductions: [rule(youth, 30), rule(senior, 50), rule(disability, 50), rule(unemployed, 25)],
      family_discounts: [
        { from_member: 2, percent: 10 },
        { from_member: 3, percent: 15 },
        { from_member: 4, percent: 25 },
      ],
      cumulative: false,
    });
    return { pass, youth, senior, disability, unemployed };
  }

  async function alone(birthDate: string | null, activity: number) {
    const person = await w.born('Persoa', birthDate);
    await w.enrol(person, activity);
    return { person, user: await w.family(person) };
  }

  it('the issue’s figures: a 21-year-old unemployed pays 76.65 € and a 71-year-old with a disability 54.75 €, never the reductions stacked', async () => {
    const t = await priceTable();
    const young = await alone('2005-03-03', t.pass);
    await w.approve(young.person, t.unemployed);
    const fee = (await w.due(young.user, young.person, 'gl')).get(t.pass)!;
    expect(fee.amount_due).toBe(76.65); // not 57.49 (30 % then 25 %)
    expect(fee.breakdown).toMatchObject({
      tariff_price: 109.5,
      reduction: { circumstance_id: t.youth, percent: 30, amount: 32.85 },
      family_discount: null,
    });
    expect(fee.breakdown!.reduction!.name).toMatch(/^Xoves/);

    const old = await alone('1955-03-03', t.pass);
    await w.approve(old.person, t.disability);
    expect(await w.amountDue(old.user, old.person, t.pass)).toBe(54.75); // not 27.38

    // nobody asks: ages alone decide, on the activity's reference day (1 October 2026)
    expect(await w.amountDue(...args(await alone('1981-05-05', t.pass)), t.pass)).toBe(109.5);
    expect(await w.amountDue(...args(await alone('1961-10-02', t.pass)), t.pass)).toBe(109.5);
    expect(await w.amountDue(...args(await alone('1961-10-01', t.pass)), t.pass)).toBe(54.75);
    expect(await w.amountDue(...args(await alone('1996-10-01', t.pass)), t.pass)).toBe(109.5);
    expect(await w.amountDue(...args(await alone('1996-10-02', t.pass)), t.pass)).toBe(76.65);
    // without a birth date no age reduction applies
    expect(await w.amountDue(...args(await alone(null, t.pass)), t.pass)).toBe(109.5);
    // cumulative stacks a family discount on a reduction, never two reductions: the best one
    await app.exec(sql`UPDATE config SET fees_cumulative = 1`);
    expect(await w.amountDue(young.user, young.person, t.pass)).toBe(76.65);
  });

  const args = (a: { person: number; user: { auth: Auth } }) => [a.user, a.person] as const;

  it('an age discount competes with the family steps: whichever leaves less to pay, alone', async () => {
    const t = await priceTable();
    const people = [];
    for (const born of ['1981-01-01', '2010-01-01', '1986-01-01', '2017-01-01']) {
      const id = await w.born('Membro', born);
      await w.enrol(id, t.pass);
      people.push(id);
    }
    const user = await w.family(...people);
    const dues = [];
    for (const person of people) dues.push((await w.due(user, person)).get(t.pass)!);
    expect(dues.map((d) => d.amount_due)).toEqual([109.5, 76.65, 93.08, 82.13]);
    // the 16-year-old 2nd member: the 30 % by age beats the family's 10 %
    expect(dues[1]!.breakdown).toMatchObject({
      reduction: { circumstance_id: t.youth },
      family_discount: null,
    });
    // the 40-year-old 3rd: 15 % family; unemployed (25 %) would beat it
    expect(dues[2]!.breakdown).toMatchObject({
      reduction: null,
      family_discount: { member: 3, percent: 15 },
    });
    await w.approve(people[2]!, t.unemployed);
    expect(await w.amountDue(user, people[2]!, t.pass)).toBe(82.13);
    // the 9-year-old 4th: no age band of the table, the family's 25 %
    expect(dues[3]!.breakdown).toMatchObject({ family_discount: { member: 4, percent: 25 } });
  });

  it('a declaration with ages: a person outside them cannot declare it (422 circumstance_age); a circumstance by age cannot be asked for', async () => {
    const youth = await created({
      name: 'Carné Xove',
      review: 'declaration',
      min_age: 14,
      max_age: 29,
    });
    const senior = await created({ name: 'Maiores', review: 'declaration', min_age: 65 });
    const byAge = await created({ name: 'Por idade', review: 'age', min_age: 0, max_age: 5 });
    const person = (born: string | null) => w.born('Declarante', born);
    const forty = await person('1981-05-05');
    const nine = await person('2017-05-05');
    const twenty = await person('2005-05-05');
    const unknown = await person(null);
    const user = await w.family(forty, nine, twenty, unknown);
    const declare = (who: number, circumstance: number, lang = 'es') => {
      const form = new FormData();
      form.append('circumstance_id', String(circumstance));
      return app.fetch(`/api/user/persons/${who}/circumstances`, {
        method: 'POST',
        headers: { ...user.auth, 'Accept-Language': lang },
        body: form,
      });
    };
    const before = await tables(app, 'circumstance_requests');
    const refused = [
      { who: forty, what: youth, msg: /de 14 a 29 años: Declarante Proba \d+ no puede declararla/ },
      { who: nine, what: senior, msg: /de 65 años o más/ },
      { who: unknown, what: youth, msg: /añade antes la fecha de nacimiento/ },
      { who: twenty, what: byAge, msg: /se aplica sola por la edad/ },
    ];
    for (const { who, what, msg } of refused) {
      const res = await declare(who, what);
      expect(res.status).toBe(422);
      const body = (await res.json()) as { detail: { loc: string[]; msg: string; type: string }[] };
      expect(body.detail[0]!.loc).toEqual(['body', 'circumstance_id']);
      expect(body.detail[0]!.type).toBe(
        what === byAge ? 'circumstance_by_age' : 'circumstance_age',
      );
      expect(body.detail[0]!.msg).toMatch(msg);
    }
    const english = await declare(forty, youth, 'en');
    expect(((await english.json()) as { detail: { msg: string }[] }).detail[0]!.msg).toMatch(
      /aged 14 to 29/,
    );
    expect(await tables(app, 'circumstance_requests')).toEqual(before);
    const ok = await declare(twenty, youth);
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ status: 'approved' });
  });

  it('refuses wrong ages by field (422, localised) and stores nothing; a reduction by age keeps no proof', async () => {
    const before = await tables(app, 'circumstances');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ review: 'age' }, 'min_age', 'circumstance_min_age'],
      [{ review: 'age', min_age: null }, 'min_age', 'circumstance_min_age'],
      [{ review: 'age', min_age: -1 }, 'min_age', 'circumstance_min_age'],
      [{ review: 'age', min_age: 131 }, 'min_age', 'circumstance_min_age'],
      [{ review: 'age', min_age: 14.5 }, 'min_age', 'circumstance_min_age'],
      [{ review: 'age', min_age: 30, max_age: 29 }, 'max_age', 'circumstance_max_age'],
      [{ review: 'declaration', min_age: 14, max_age: 131 }, 'max_age', 'circumstance_max_age'],
      [{ review: 'staff', min_age: 65 }, 'min_age', 'circumstance_min_age'],
    ];
    for (const [body, field, type] of cases) {
      const res = await byStaff(body, 'gl');
      expect(res.status, JSON.stringify(body)).toBe(422);
      const answer = (await res.json()) as {
        detail: { loc: string[]; msg: string; type: string }[];
      };
      expect(
        answer.detail.map((d) => d.loc),
        JSON.stringify(body),
      ).toContainEqual(['body', field]);
      const issue = answer.detail.find((d) => d.loc[1] === field)!;
      expect(issue.type).toBe(type);
      expect(issue.msg).toMatch(/idade/);
    }
    expect(await tables(app, 'circumstances')).toEqual(before);

    const res = await byStaff({ review: 'age', min_age: 65, max_age: null, validity_months: 6 });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      review: 'age',
      min_age: 65,
      max_age: null,
      validity_months: null,
      proof: { es: '', en: '', gl: '' },
    });
    const list = (await (await app.fetch('/api/circumstances')).json()) as { review: string }[];
    expect(list.some((c) => c.review === 'age')).toBe(true);
  });

  it('refuses a reduction by age for a household, on POST and PUT (422 on scope, localised), and stores nothing', async () => {
    const before = await tables(app, 'circumstances');
    const messages = new Set<string>();
    for (const lang of ['es', 'en', 'gl']) {
      const res = await byStaff({ review: 'age', min_age: 65, scope: 'household' }, lang);
      expect(res.status).toBe(422);
      const answer = (await res.json()) as {
        code: string;
        detail: { loc: string[]; msg: string; type: string }[];
      };
      expect(answer.code).toBe('validation_error');
      expect(answer.detail).toEqual([
        {
          loc: ['body', 'scope'],
          msg: t(lang as 'es', 'circumstance_age_household'),
          type: 'circumstance_age_household',
        },
      ]);
      messages.add(answer.detail[0]!.msg);
    }
    expect(messages.size).toBe(3);
    expect(await tables(app, 'circumstances')).toEqual(before);

    // an age for each person, and a household title: neither becomes the other half-way
    const age = await created({ name: 'Maiores', review: 'age', min_age: 65 });
    const title = await created({ name: 'Familia numerosa', review: 'staff', scope: 'household' });
    const stored = await tables(app, 'circumstances');
    const proof = { es: 'Título', en: 'Card', gl: 'Título' };
    const put = (id: number, body: Record<string, unknown>) =>
      app.json(
        `/api/admin/circumstances/${id}`,
        'PUT',
        {
          name: { es: `Cambio ${id}`, en: `Change ${id}`, gl: `Cambio ${id}` },
          validity_months: null,
          ...body,
        },
        { ...admin, 'Accept-Language': 'gl' },
      );
    for (const [id, body] of [
      [age, { review: 'age', min_age: 65, scope: 'household' }],
      [title, { review: 'age', min_age: 0, scope: 'household', proof }],
    ] as const) {
      const res = await put(id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(((await res.json()) as { detail: unknown[] }).detail).toEqual([
        {
          loc: ['body', 'scope'],
          msg: t('gl', 'circumstance_age_household'),
          type: 'circumstance_age_household',
        },
      ]);
    }
    expect(await tables(app, 'circumstances')).toEqual(stored);
    // asked per person it is an age again; the title stays a household's when it is reviewed
    expect((await put(title, { review: 'age', min_age: 0, scope: 'person' })).status).toBe(200);
    expect((await put(age, { review: 'staff', scope: 'household', proof })).status).toBe(200);
  });

  it('rules by fee group: one line for every activity of the group, a new activity follows it at once; an activity rule still beats it; family steps per group', async () => {
    const schools = 'Escolas 2026-27';
    const pools = 'Piscinas 2026-27';
    const football = await w.staffActivity(admin, {
      name: 'Fútbol',
      price: 60,
      fee_group: schools,
    });
    const swimming = await w.staffActivity(admin, {
      name: 'Natación',
      price: 60,
      fee_group: pools,
    });
    const large = await w.circumstance('Familia numerosa');
    const saved = await w.rules(admin, {
      reductions: [
        { circumstance_id: large, activity_id: null, fee_group: schools, percent: null, price: 45 },
        { circumstance_id: large, activity_id: null, percent: 10, price: null },
      ],
      family_discounts: [
        { from_member: 2, percent: 20 },
        { fee_group: schools, from_member: 2, percent: 12.5 },
        { fee_group: schools, from_member: 3, percent: 25 },
      ],
    });
    expect(saved.reductions).toEqual([
      { circumstance_id: large, activity_id: null, fee_group: null, percent: 10, price: null },
      { circumstance_id: large, activity_id: null, fee_group: schools, percent: null, price: 45 },
    ]);
    expect(saved.family_discounts).toEqual([
      { fee_group: null, from_member: 2, percent: 20 },
      { fee_group: schools, from_member: 2, percent: 12.5 },
      { fee_group: schools, from_member: 3, percent: 25 },
    ]);
    // added after the rules: the group's fixed price at once
    const basketball = await w.staffActivity(admin, {
      name: 'Baloncesto',
      price: 60,
      fee_group: schools,
    });
    const child = await w.born('Fillo', '2015-01-01');
    for (const activity of [football, swimming, basketball]) await w.enrol(child, activity);
    const user = await w.family(child);
    await w.approve(child, large);
    const dues = await w.due(user, child);
    expect(dues.get(football)!.amount_due).toBe(45);
    expect(dues.get(basketball)!.amount_due).toBe(45);
    expect(dues.get(swimming)!.amount_due).toBe(54); // council-wide 10 %

    // family steps: the schools' own 12.5 %, the pools the council's 20 %
    const a = await w.born('Irmá', '2014-01-01');
    const b = await w.born('Irmán', '2016-01-01');
    for (const person of [a, b]) {
      await w.enrol(person, football);
      await w.enrol(person, swimming);
    }
    const siblings = await w.family(a, b);
    const second = await w.due(siblings, b);
    expect(second.get(football)!.amount_due).toBe(52.5);
    expect(second.get(swimming)!.amount_due).toBe(48);

    // an activity's own rule beats its group's
    await w.rules(admin, {
      reductions: [
        { circumstance_id: large, activity_id: null, fee_group: schools, percent: null, price: 45 },
        { circumstance_id: large, activity_id: basketball, percent: 50, price: null },
      ],
    });
    const now = await w.due(user, child);
    expect(now.get(basketball)!.amount_due).toBe(30);
    expect(now.get(football)!.amount_due).toBe(45);
    expect(now.get(swimming)!.amount_due).toBe(60); // no council-wide rule any more
  });

  it('refuses a rule for an activity and a group at once, a blank group, and a family step twice in one group (422 by field, nothing changed)', async () => {
    const large = await w.circumstance('Familia numerosa');
    const gym = await w.staffActivity(admin, { name: 'Ximnasio', price: 24, fee_group: 'X' });
    const before = await tables(app, 'reduction_rules', 'family_discounts');
    const res = await app.json(
      '/api/admin/fee-rules',
      'PUT',
      {
        reductions: [
          { circumstance_id: large, activity_id: gym, fee_group: 'X', percent: 10, price: null },
          { circumstance_id: large, activity_id: null, fee_group: '   ', percent: 10, price: null },
        ],
        family_discounts: [
          { fee_group: 'X', from_member: 2, percent: 10 },
          { fee_group: 'X', from_member: 2, percent: 20 },
          { from_member: 2, percent: 20 },
        ],
        cumulative: false,
      },
      { ...admin, 'Accept-Language': 'en' },
    );
    expect(res.status).toBe(422);
    const body = (await res.json()) as { detail: { loc: unknown[]; type: string; msg: string }[] };
    expect(body.detail.map((d) => [d.loc, d.type])).toEqual([
      [['body', 'reductions', 0, 'fee_group'], 'fees_group_and_activity'],
      [['body', 'reductions', 1, 'fee_group'], 'fees_group_invalid'],
      [['body', 'family_discounts', 1, 'from_member'], 'fees_family_twice'],
    ]);
    expect(body.detail[0]!.msg).toMatch(/one activity or for one fee group/);
    expect(await tables(app, 'reduction_rules', 'family_discounts')).toEqual(before);
  });
});
