import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { feesWorld, tables, type Auth } from '../fees/support.js';
import { generate, payInSandbox } from '../payments/helpers.js';
import { applied, household } from '../season/helpers.js';
import { authHeaders, createAccount, type Account } from './factory.js';

/**
 * Staff correct a person's birth date in Inscripciones (`PUT /admin/person-activities/{id}`,
 * `birth_date`): audited with the old and new date, the age band of what is not paid yet follows
 * it, what was paid never changes, and a wrong date is refused with nothing changed.
 */
describe('staff correct a birth date', () => {
  let app: TestApp;
  let w: ReturnType<typeof feesWorld>;
  let admin: { id: number; auth: Auth };
  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-21T10:00:00Z' });
    w = feesWorld(app);
    admin = await w.user('admin');
  });
  beforeEach(async () => {
    await w.clearRules();
    await w.settings({ payments_enabled: true, discount_bp: 5000, deadline: '2026-12-15' });
  });
  afterAll(() => app.close());

  /** Children 40 €, adults 60 € (the band a person without a birth date pays: children's). */
  const byAge = (name: string) =>
    w.staffActivity(admin.auth, {
      name,
      price: 60,
      tariffs: [
        { min_age: 0, max_age: 17, price: 40, default: true },
        { min_age: 18, max_age: null, price: 60, default: false },
      ],
    });

  const person = async (id: number) =>
    (await app.row<{
      first_name: string;
      last_name: string;
      dni: string | null;
      phone: string;
      birth_date: string | null;
    }>(
      sql`SELECT first_name, last_name, dni, phone, birth_date FROM enrolments WHERE id = ${id}`,
    ))!;

  /** The form as staff send it: the record's own data, the activities, and what is given. */
  async function save(
    id: number,
    activityIds: number[],
    extra: Record<string, unknown>,
    lang = 'es',
  ) {
    const { first_name, last_name, dni, phone } = await person(id);
    return app.json(
      `/api/admin/person-activities/${id}`,
      'PUT',
      { first_name, last_name, dni, phone, email: null, activity_ids: activityIds, ...extra },
      { ...admin.auth, 'Accept-Language': lang },
    );
  }

  it('a corrected date changes the band of a pending fee, never a paid one, and the audit names the clerk with both dates', async () => {
    const swimming = await byAge('Natación');
    const athletics = await byAge('Atletismo');
    // entered as an adult by mistake: a child born in 2014
    const uxia = await w.born('Uxía', '2000-05-09');
    await w.enrol(uxia, swimming);
    await w.enrol(uxia, athletics);
    const user = await w.family(uxia);

    const redirect = await generate(app, user.token, {
      person_activity_id: uxia,
      activity_ids: [swimming],
      use_discount: false,
    });
    expect(redirect.amount).toBe(60);
    await payInSandbox(app, redirect);
    const paidItem = async () =>
      app.rows(
        sql`SELECT amount_cents, breakdown FROM payment_items WHERE activity_id = ${swimming}`,
      );
    const paidBefore = await paidItem();
    const history = async () =>
      (await (await app.fetch('/api/user/payments/', { headers: user.auth })).json()) as unknown;
    const historyBefore = await history();
    expect((await w.due(user, uxia)).get(athletics)).toMatchObject({
      amount_due: 60,
      breakdown: { tariff_price: 60, tariff: { min_age: 18, age: 26 } },
    });

    const res = await save(uxia, [swimming, athletics], { birth_date: '2014-05-09' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: uxia, birth_date: '2014-05-09' });

    const dues = await w.due(user, uxia);
    expect(dues.get(athletics)).toMatchObject({
      is_paid: false,
      amount_due: 40,
      breakdown: { tariff_price: 40, tariff: { min_age: 0, max_age: 17, age: 12 } },
    });
    expect(dues.get(swimming)).toMatchObject({ is_paid: true, amount_due: null, amount: 60 });
    expect(await paidItem()).toEqual(paidBefore);
    expect(await history()).toEqual(historyBefore);

    const audit = await app.row<{ actor_user_id: number; details: string }>(
      sql`SELECT actor_user_id, details FROM audit_log
          WHERE action = 'enrolment.update' AND entity_id = ${String(uxia)} ORDER BY id DESC`,
    );
    expect(audit!.actor_user_id).toBe(admin.id);
    expect(JSON.parse(audit!.details)).toEqual({
      before: { birth_date: '2000-05-09' },
      after: { birth_date: '2014-05-09' },
    });

    // staff's list reads the date on record
    const list = await app.fetch(
      `/api/admin/person-activities/?page=1&page_size=10&q=${encodeURIComponent((await person(uxia)).last_name)}`,
      { headers: admin.auth },
    );
    expect(((await list.json()) as { id: number; birth_date: string }[])[0]).toMatchObject({
      id: uxia,
      birth_date: '2014-05-09',
    });
  });

  it('without birth_date (older clients) the date stays; null keeps a person without one; a new enrolment takes one', async () => {
    const withDate = await w.born('Brais', '2016-02-20');
    expect((await save(withDate, [], {})).status).toBe(200);
    expect((await person(withDate)).birth_date).toBe('2016-02-20');

    const without = await w.born('Antía', null);
    const kept = await save(without, [], { birth_date: null });
    expect(kept.status).toBe(200);
    expect((await kept.json()).birth_date).toBeNull();
    const given = await save(without, [], { birth_date: '2015-01-31' });
    expect((await given.json()).birth_date).toBe('2015-01-31');

    const created = await app.json(
      '/api/admin/person-activities/',
      'POST',
      {
        first_name: 'Iria',
        last_name: 'Vidal Rey',
        dni: '11111111H',
        email: null,
        phone: '633333333',
        birth_date: '2013-07-01',
        activity_ids: [],
      },
      admin.auth,
    );
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body.birth_date).toBe('2013-07-01');
    expect((await person(body.id)).birth_date).toBe('2013-07-01');
  });

  it('refuses a date that is malformed, not real, in the future, before 1900 or removed, in three languages, and changes nothing', async () => {
    const id = await w.born('Lucía', '2016-04-02');
    const before = await tables(app, 'enrolments', 'enrolment_activities', 'audit_log');
    const cases: [unknown, string, string, string, string][] = [
      [
        'ayer',
        'invalid_birth_date',
        'Introduce una fecha de nacimiento válida.',
        'Enter a valid date of birth.',
        'Introduce unha data de nacemento válida.',
      ],
      ['2026-02-30', 'invalid_birth_date', '', '', ''],
      ['02/04/2016', 'invalid_birth_date', '', '', ''],
      // the day after today in Madrid
      ['2026-11-22', 'invalid_birth_date', '', '', ''],
      ['1899-12-31', 'invalid_birth_date', '', '', ''],
      [
        null,
        'birth_date_not_removable',
        'Una fecha de nacimiento registrada se puede corregir, pero no borrar.',
        'A date of birth on record can be corrected, but not removed.',
        'Unha data de nacemento rexistrada pódese corrixir, pero non borrar.',
      ],
    ];
    const invalid = {
      es: 'Introduce una fecha de nacimiento válida.',
      en: 'Enter a valid date of birth.',
      gl: 'Introduce unha data de nacemento válida.',
    };
    for (const [value, type, es, en, gl] of cases) {
      const texts = { es: es || invalid.es, en: en || invalid.en, gl: gl || invalid.gl };
      for (const lang of ['es', 'en', 'gl'] as const) {
        const res = await save(id, [], { birth_date: value }, lang);
        expect(res.status, `${String(value)} ${lang}`).toBe(422);
        expect((await res.json()).detail).toEqual([
          { loc: ['body', 'birth_date'], msg: texts[lang], type },
        ]);
      }
    }
    expect(await tables(app, 'enrolments', 'enrolment_activities', 'audit_log')).toEqual(before);

    // a new enrolment with a future date is refused the same way, and nothing is created
    const created = await app.json(
      '/api/admin/person-activities/',
      'POST',
      {
        first_name: 'Iago',
        last_name: 'Rey Souto',
        dni: '22222222J',
        email: null,
        phone: '633333334',
        birth_date: '2030-01-01',
        activity_ids: [],
      },
      admin.auth,
    );
    expect(created.status).toBe(422);
    expect((await created.json()).detail).toEqual([
      { loc: ['body', 'birth_date'], msg: invalid.es, type: 'invalid_birth_date' },
    ]);
    expect(await tables(app, 'enrolments', 'enrolment_activities', 'audit_log')).toEqual(before);
  });
});

/**
 * The season reads the record when it checks ages: a date corrected in Inscripciones during the
 * claims period decides the provisional list, the claim staff answer after it, and the draw.
 */
describe('a corrected birth date in the lottery’s age checks', () => {
  let app: TestApp;
  let admin: Account;
  beforeAll(async () => {
    app = await startTestApp({ now: '2026-12-01T08:00:00Z' });
    admin = await createAccount(app, 'admin');
  });
  afterAll(() => app.close());

  const call = (path: string, method = 'GET', body?: unknown, headers = admin.headers) =>
    fetch(`${app.baseUrl}/api${path}`, {
      method,
      headers: { ...headers, 'Content-Type': 'application/json', 'Accept-Language': 'gl' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('admits an application excluded for age once staff correct the date', async () => {
    const created = await call('/admin/activities-crud', 'POST', {
      name: 'Natación Padrón',
      price: 40,
      start_date: '2027-01-11',
      allocation: 'lottery',
      capacity: 2,
      applications_open_at: '2026-12-01T07:00:00Z',
      applications_close_at: '2026-12-03T22:59:00Z',
      min_birth_year: 2010,
      max_birth_year: 2020,
      claims_days: 2,
    });
    expect(created.status).toBe(201);
    const activity = ((await created.json()) as { id: number }).id;
    const family = await household(app, 1, '2017-05-09');
    const uxia = family.people[0]!;
    const application = await applied(app, family, uxia, activity);
    // the council's upload then wrote a wrong year over it
    await app.exec(sql`UPDATE enrolments SET birth_date = '2004-05-09' WHERE id = ${uxia}`);

    app.clock.set('2026-12-04T10:00:00Z');
    admin = { ...admin, headers: await authHeaders(app, admin.id) };
    family.account.headers = await authHeaders(app, family.account.id);
    const excluded = async () =>
      ((await (await call(`/draws/${activity}/provisional`)).json()) as { excluded: unknown[] })
        .excluded;
    expect(await excluded()).toEqual([{ code: application.code, reason: 'age' }]);
    const sent = await call(
      `/user/applications/${application.id}/claim`,
      'POST',
      { text: 'Uxía naceu en 2017, non en 2004.' },
      family.account.headers,
    );
    expect(sent.status).toBe(201);
    const claimId = ((await sent.json()) as { id: number }).id;

    const person = (await app.row<{ first_name: string; last_name: string; dni: string }>(
      sql`SELECT first_name, last_name, dni FROM enrolments WHERE id = ${uxia}`,
    ))!;
    const corrected = await call(`/admin/person-activities/${uxia}`, 'PUT', {
      ...person,
      phone: '622334455',
      email: null,
      activity_ids: [],
      birth_date: '2017-05-09',
    });
    expect(corrected.status).toBe(200);

    expect(await excluded()).toEqual([]);
    const claims = (await (await call(`/admin/activities/${activity}/claims`)).json()) as {
      claims: { id: number; birth_date: string }[];
    };
    expect(claims.claims).toEqual([
      expect.objectContaining({ id: claimId, birth_date: '2017-05-09' }),
    ]);
    const answered = await call(`/admin/claims/${claimId}/resolve`, 'POST', {
      decision: 'admit',
      reply: 'Corrixida a data co libro de familia.',
    });
    expect(answered.status).toBe(200);
  });
});
