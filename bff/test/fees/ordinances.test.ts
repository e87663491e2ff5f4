import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { feesWorld, type Auth } from './support.js';

/**
 * The worked examples of docs/fees.md, over HTTP: each ordinance written into the portal as a
 * council's staff would (activities with age bands and fee groups, reductions, family
 * discounts), and the amounts residents see, to the cent.
 */
describe('ordinances written into the portal (docs/fees.md)', () => {
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

  /** One person alone in an account, enrolled in these activities. */
  async function alone(birthDate: string | null, ...activities: number[]) {
    const person = await w.born('Persoa', birthDate);
    for (const activity of activities) await w.enrol(person, activity);
    return { person, user: await w.family(person) };
  }

  /** A family: one account, these children, each enrolled in the given activities; amounts due. */
  async function family(children: { born: string | null; in: number[] }[]) {
    const people = [];
    for (const child of children) {
      const id = await w.born('Fillo', child.born);
      for (const activity of child.in) await w.enrol(id, activity);
      people.push(id);
    }
    const user = await w.family(...people);
    return { user, people };
  }

  it('Negreira: 60 € a person, 52.50 € from the 2nd member of a family, 45 € from the 3rd or with a large family', async () => {
    const group = 'Escolas deportivas 2026-27';
    const football = await w.staffActivity(admin, {
      name: 'Escola de fútbol',
      price: 60,
      fee_group: group,
    });
    const basketball = await w.staffActivity(admin, {
      name: 'Escola de baloncesto',
      price: 60,
      fee_group: group,
    });
    const large = await w.circumstance('Familia numerosa');
    await w.rules(admin, {
      reductions: [{ circumstance_id: large, activity_id: null, percent: null, price: 45 }],
      family_discounts: [
        { from_member: 2, percent: 12.5 },
        { from_member: 3, percent: 25 },
      ],
    });

    // one child: 60
    const one = await alone('2016-04-10', football);
    expect(await w.amountDue(one.user, one.person, football)).toBe(60);

    // two children: the first 60, the second 52.50 (in whichever school of the group)
    const two = await family([
      { born: '2015-02-01', in: [football] },
      { born: '2017-06-12', in: [basketball] },
    ]);
    expect(await w.amountDue(two.user, two.people[0]!, football)).toBe(60);
    const second = (await w.due(two.user, two.people[1]!)).get(basketball)!;
    expect(second.amount_due).toBe(52.5);
    expect(second.breakdown).toEqual({
      tariff_price: 60,
      tariff: null,
      reduction: null,
      family_discount: { member: 2, percent: 12.5, amount: 7.5 },
    });

    // three children: 60, 52.50, 45; a child in both schools counts once, at its first place
    const three = await family([
      { born: '2014-01-01', in: [football, basketball] },
      { born: '2016-01-01', in: [football] },
      { born: '2018-01-01', in: [basketball] },
    ]);
    const first = await w.due(three.user, three.people[0]!);
    expect([first.get(football)?.amount_due, first.get(basketball)?.amount_due]).toEqual([60, 60]);
    expect(await w.amountDue(three.user, three.people[1]!, football)).toBe(52.5);
    expect(await w.amountDue(three.user, three.people[2]!, basketball)).toBe(45);

    // a large family: 45 each, whatever their place (the fixed price is the best single one)
    const largeFamily = await family([
      { born: '2014-01-01', in: [football] },
      { born: '2016-01-01', in: [football] },
      { born: '2018-01-01', in: [basketball] },
    ]);
    for (const person of largeFamily.people) await w.approve(person, large);
    const amounts = [];
    for (const [i, person] of largeFamily.people.entries())
      amounts.push(await w.amountDue(largeFamily.user, person, i === 2 ? basketball : football));
    expect(amounts).toEqual([45, 45, 45]);
    const reduced = (await w.due(largeFamily.user, largeFamily.people[0]!)).get(football)!;
    expect(reduced.breakdown?.reduction).toMatchObject({
      circumstance_id: large,
      percent: null,
      price: 45,
      amount: 15,
    });
  });

  it('Tordoia: 50 € under 18 and over 65, 80 € from 18 to 65 (and without a birth date), free from the 3rd child', async () => {
    const gym = await w.staffActivity(admin, {
      name: 'Ximnasia de mantemento',
      price: 80,
      fee_group: 'Tordoia 2026-27',
      tariffs: [
        { min_age: 0, max_age: 17, price: 50, default: false },
        { min_age: 18, max_age: 65, price: 80, default: true },
        { min_age: 66, max_age: null, price: 50, default: false },
      ],
    });
    await w.rules(admin, { family_discounts: [{ from_member: 3, percent: 100 }] });

    // ages on the activity's start date, 2026-10-01
    const cases: [string | null, number, unknown][] = [
      ['2009-10-02', 50, { min_age: 0, max_age: 17, age: 16, default: false }],
      ['2008-10-01', 80, { min_age: 18, max_age: 65, age: 18, default: false }],
      ['1960-10-02', 80, { min_age: 18, max_age: 65, age: 65, default: false }],
      ['1960-10-01', 50, { min_age: 66, max_age: null, age: 66, default: false }],
      [null, 80, { min_age: 18, max_age: 65, age: null, default: true }],
    ];
    for (const [born, amount, tariff] of cases) {
      const { user, person } = await alone(born, gym);
      const fee = (await w.due(user, person)).get(gym)!;
      expect([born, fee.amount_due, fee.breakdown?.tariff]).toEqual([born, amount, tariff]);
      expect(fee.breakdown?.tariff_price).toBe(amount);
    }

    // three children of one family: the third is free
    const kids = await family([
      { born: '2012-05-01', in: [gym] },
      { born: '2014-05-01', in: [gym] },
      { born: '2016-05-01', in: [gym] },
    ]);
    const dues = [];
    for (const person of kids.people) dues.push(await w.amountDue(kids.user, person, gym));
    expect(dues).toEqual([50, 50, 0]);
    const free = (await w.due(kids.user, kids.people[2]!)).get(gym)!;
    expect(free.breakdown?.family_discount).toEqual({ member: 3, percent: 100, amount: 50 });
  });

  it('Lousame: 20 % for large families, the second sibling and over-65s; 50 % off the gym with a disability or the Carné Xove', async () => {
    const group = 'Escolas Lousame 2026-27';
    const gym = await w.staffActivity(admin, {
      name: 'Ximnasio',
      price: 24,
      tariffs: [
        { min_age: 0, max_age: 64, price: 24, default: true },
        { min_age: 65, max_age: null, price: 19.2, default: false },
      ],
    });
    const swimming = await w.staffActivity(admin, {
      name: 'Natación',
      price: 40,
      fee_group: group,
    });
    const athletics = await w.staffActivity(admin, {
      name: 'Atletismo',
      price: 40,
      fee_group: group,
    });
    const large = await w.circumstance('Familia numerosa');
    const disability = await w.circumstance('Discapacidade');
    const youth = await w.circumstance('Carné Xove');
    await w.rules(admin, {
      reductions: [
        { circumstance_id: large, activity_id: null, percent: 20, price: null },
        { circumstance_id: disability, activity_id: gym, percent: 50, price: null },
        { circumstance_id: youth, activity_id: gym, percent: 50, price: null },
      ],
      family_discounts: [{ from_member: 2, percent: 20 }],
    });

    const largeOne = await alone('2015-01-01', swimming);
    await w.approve(largeOne.person, large);
    expect(await w.amountDue(largeOne.user, largeOne.person, swimming)).toBe(32);

    // the disability's 50 % is the gym's alone
    const disabled = await alone('1980-01-01', gym, swimming);
    await w.approve(disabled.person, disability);
    const dues = await w.due(disabled.user, disabled.person);
    expect([dues.get(gym)?.amount_due, dues.get(swimming)?.amount_due]).toEqual([12, 40]);

    const young = await alone('2004-01-01', gym);
    await w.approve(young.person, youth);
    expect(await w.amountDue(young.user, young.person, gym)).toBe(12);

    // over 65: the gym's age band
    const senior = await alone('1950-01-01', gym);
    expect(await w.amountDue(senior.user, senior.person, gym)).toBe(19.2);

    // two siblings: the second fee 20 % off
    const siblings = await family([
      { born: '2014-01-01', in: [swimming] },
      { born: '2017-01-01', in: [athletics] },
    ]);
    expect(await w.amountDue(siblings.user, siblings.people[0]!, swimming)).toBe(40);
    expect(await w.amountDue(siblings.user, siblings.people[1]!, athletics)).toBe(32);
  });

  it('Cangas: a reduced pass for pensioners and a disability, less still with a Servizos Sociais report; the best one alone', async () => {
    const pass = await w.staffActivity(admin, { name: 'Bono polideportivo', price: 30 });
    const pensioner = await w.circumstance('Pensionista');
    const disability = await w.circumstance('Discapacidade igual ou superior ao 33 %');
    const lowIncome = await w.circumstance('Informe de Servizos Sociais');
    await w.rules(admin, {
      reductions: [
        { circumstance_id: pensioner, activity_id: null, percent: null, price: 15 },
        { circumstance_id: disability, activity_id: null, percent: null, price: 15 },
        { circumstance_id: lowIncome, activity_id: null, percent: null, price: 5 },
      ],
    });
    const cases: [number[], number][] = [
      [[], 30],
      [[pensioner], 15],
      [[disability], 15],
      [[lowIncome], 5],
      [[pensioner, lowIncome], 5],
    ];
    for (const [held, amount] of cases) {
      const { user, person } = await alone('1950-01-01', pass);
      for (const circumstance of held) await w.approve(person, circumstance);
      expect(await w.amountDue(user, person, pass)).toBe(amount);
    }
  });

  it('Vitoria-Gasteiz: over-65s 50 % by age, students away 50 % while approved, the 3rd member 25 %, from the 6th 80 %', async () => {
    const pass = await w.staffActivity(admin, {
      name: 'Abono anual',
      price: 100,
      tariffs: [
        { min_age: 0, max_age: 64, price: 100, default: true },
        { min_age: 65, max_age: null, price: 50, default: false },
      ],
    });
    const swimming = await w.staffActivity(admin, {
      name: 'Natación infantil',
      price: 50,
      fee_group: 'Cursos Vitoria 2026-27',
    });
    const student = await w.circumstance('Estudiante desplazado');
    await w.rules(admin, {
      reductions: [{ circumstance_id: student, activity_id: null, percent: 50, price: null }],
      family_discounts: [
        { from_member: 3, percent: 25 },
        { from_member: 6, percent: 80 },
      ],
    });

    const senior = await alone('1955-03-03', pass);
    expect(await w.amountDue(senior.user, senior.person, pass)).toBe(50);
    const away = await alone('2005-03-03', pass);
    await w.approve(away.person, student, '2027-06-30');
    expect(await w.amountDue(away.user, away.person, pass)).toBe(50);
    // renewed every year with proof: judged on the activity's reference day (1 October), so an
    // approval that ended before it gives nothing, and one in force that day covers the season
    const lapsed = await alone('2005-03-03', pass);
    await w.approve(lapsed.person, student, '2026-09-30');
    expect(await w.amountDue(lapsed.user, lapsed.person, pass)).toBe(100);
    const ended = await alone('2005-03-03', pass);
    await w.approve(ended.person, student, '2026-11-20');
    expect(await w.amountDue(ended.user, ended.person, pass)).toBe(50);

    const six = await family(
      ['2010', '2011', '2012', '2013', '2014', '2015'].map((year) => ({
        born: `${year}-01-01`,
        in: [swimming],
      })),
    );
    const dues = [];
    for (const person of six.people) dues.push(await w.amountDue(six.user, person, swimming));
    expect(dues).toEqual([50, 50, 37.5, 37.5, 37.5, 10]);
  });

  it('Villatuerta: a season pass by age bands; over-65s, pensioners and the unemployed 30 €, a disability 28 €, not cumulative', async () => {
    const pass = await w.staffActivity(admin, {
      name: 'Abono de temporada de piscina',
      price: 58,
      start_date: '2027-06-01',
      tariffs: [
        { min_age: 0, max_age: 5, price: 0, default: false },
        { min_age: 6, max_age: 13, price: 30, default: false },
        { min_age: 14, max_age: 17, price: 40, default: false },
        { min_age: 18, max_age: null, price: 58, default: true },
      ],
    });
    const over65 = await app.json(
      '/api/admin/circumstances',
      'POST',
      {
        name: { es: 'Mayores de 65 años', en: 'Aged 65 and over', gl: 'Maiores de 65 anos' },
        validity_months: null,
        review: 'age',
        min_age: 65,
        max_age: null,
      },
      admin,
    );
    expect(over65.status).toBe(201);
    const senior = ((await over65.json()) as { id: number }).id;
    const pensioner = await w.circumstance('Pensionista');
    const unemployed = await w.circumstance('Desempregado');
    const disability = await w.circumstance('Discapacidade');
    const fixed = (circumstance_id: number, price: number) => ({
      circumstance_id,
      activity_id: null,
      percent: null,
      price,
    });
    await w.rules(admin, {
      reductions: [
        fixed(senior, 30),
        fixed(pensioner, 30),
        fixed(unemployed, 30),
        fixed(disability, 28),
      ],
    });
    const due = async (born: string, ...held: number[]) => {
      const who = await alone(born, pass);
      for (const circumstance of held) await w.approve(who.person, circumstance);
      return w.amountDue(who.user, who.person, pass);
    };
    expect(await due('2017-03-03')).toBe(30);
    expect(await due('2011-03-03', unemployed)).toBe(30);
    expect(await due('1982-03-03')).toBe(58);
    expect(await due('1982-03-03', unemployed)).toBe(30);
    expect(await due('1957-03-03')).toBe(30);
    expect(await due('1957-03-03', disability, pensioner)).toBe(28);
    expect(await due('2023-03-03')).toBe(0);
  });

  it('Ortuella: family 5 %, large family 10 %, university students 20 %, not cumulative; stacked when the settings say so', async () => {
    const pass = await w.staffActivity(admin, {
      name: 'Abono deportivo',
      price: 123.45,
      fee_group: 'Abonos Ortuella',
    });
    const large = await w.circumstance({
      es: 'Familia numerosa',
      en: 'Large family',
      gl: 'Familia numerosa',
    });
    const university = await w.circumstance('Estudiante universitario');
    const rules = {
      reductions: [
        { circumstance_id: large, activity_id: null, percent: 10, price: null },
        { circumstance_id: university, activity_id: null, percent: 20, price: null },
      ],
      family_discounts: [{ from_member: 2, percent: 5 }],
    };
    await w.rules(admin, rules);

    const home = await family([
      { born: '1980-01-01', in: [pass] },
      { born: '1982-01-01', in: [pass] },
    ]);
    const [first, second] = home.people as [number, number];
    expect(await w.amountDue(home.user, first, pass)).toBe(123.45);
    expect(await w.amountDue(home.user, second, pass)).toBe(117.28);
    await w.approve(second, large);
    const reduced = (await w.due(home.user, second, 'en')).get(pass)!;
    expect(reduced.amount_due).toBe(111.11);
    expect(reduced.breakdown?.reduction).toMatchObject({
      name: expect.stringMatching(/^Large family/),
      percent: 10,
      amount: 12.34,
    });
    expect(reduced.breakdown?.family_discount).toBeNull();
    await w.approve(second, university);
    expect(await w.amountDue(home.user, second, pass)).toBe(98.76);

    // an ordinance that stacks them: the best reduction, then the family discount on what is left
    await w.rules(admin, { ...rules, cumulative: true });
    const stacked = (await w.due(home.user, second)).get(pass)!;
    expect(stacked.amount_due).toBe(93.82);
    expect(stacked.breakdown).toMatchObject({
      reduction: { percent: 20, amount: 24.69 },
      family_discount: { member: 2, percent: 5, amount: 4.94 },
    });
  });
});
