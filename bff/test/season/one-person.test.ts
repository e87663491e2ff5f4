import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { t } from '../../src/i18n/index.js';
import { authHeaders, createAccount, nextDni, snapshot, type Account } from '../admin/factory.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { errorOf, lastCode, outboxCount, PASSWORD } from '../residents/helpers.js';
import { apply, applied, createSeasonActivity, HOUR, statuses, type Household } from './helpers.js';

/**
 * One person, one ballot (issue 47): a person is one record whoever adds them, the other parent
 * shares it by a code, staff see and merge the duplicates made before, and a drawn lottery takes
 * no more applications. Over HTTP on the real app and database (both engines in npm test).
 */
describe('one person, one ballot', () => {
  let app: TestApp;
  let admin: Account;
  let phones = 655_000_000;
  const at = (offsetMs: number) => new Date(app.clock.now().getTime() + offsetMs).toISOString();

  /** A resident with a mobile of their own (codes to it are told apart in the outbox). */
  async function resident(): Promise<Account & { phone: string }> {
    phones += 1;
    const phone = String(phones);
    const dni = nextDni();
    const id = await app.deps.repos.users.insert({
      dni,
      phone,
      email: null,
      password_hash: await app.deps.passwords.hash(PASSWORD),
      role: 'user',
      verified: true,
    });
    return { id, dni, phone, password: PASSWORD, headers: await authHeaders(app, id) };
  }

  const post = (path: string, who: { headers: object }, body: unknown, lang = 'es') =>
    app.json(path, 'POST', body, {
      ...(who.headers as Record<string, string>),
      'Accept-Language': lang,
    });
  const addPerson = (who: { headers: object }, body: Record<string, unknown>, lang = 'es') =>
    post('/api/user/persons/', who, body, lang);
  const managedBy = async (who: Account) =>
    (await (await app.fetch('/api/user/persons/', { headers: who.headers })).json()) as {
      person_activity_id: number;
      full_name: string;
    }[];
  const asHousehold = (account: Account): Household => ({ account, people: [] });

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-12-01T08:00:00Z' });
  });
  beforeEach(async () => {
    admin = await createAccount(app, 'admin');
  });
  afterAll(() => app.close());

  it('answers 409 person_exists when one account adds the same child again, however written', async () => {
    const parent = await resident();
    const first = await addPerson(parent, {
      first_name: 'Uxía',
      last_name: 'López Pereira',
      birth_date: '2017-05-09',
    });
    expect(first.status).toBe(201);
    const before = await snapshot(app, 'enrolments', 'user_persons');
    const spellings = [
      ['Uxía', 'López Pereira'],
      ['UXÍA', 'lopez pereira'],
      ['  uxia ', ' López   Pereira'],
      ['Uxía López', 'Pereira'],
      ['Uxia', 'Lopez-Pereira'],
    ];
    for (const [first_name, last_name] of spellings) {
      const error = await errorOf(
        await addPerson(parent, { first_name, last_name, birth_date: '2017-05-09' }, 'gl'),
      );
      expect(error).toMatchObject({
        status: 409,
        code: 'person_exists',
        detail: t('gl', 'person_exists'),
      });
    }
    expect(await snapshot(app, 'enrolments', 'user_persons')).toEqual(before);
    expect(await managedBy(parent)).toHaveLength(1);
    // another birth date is another person
    expect(
      (
        await addPerson(parent, {
          first_name: 'Uxía',
          last_name: 'López Pereira',
          birth_date: '2019-05-09',
        })
      ).status,
    ).toBe(201);
  });

  it('lets the other parent share the child by a code to the mobile on the record, never a second record', async () => {
    const mother = await resident();
    const father = await resident();
    const child = { first_name: 'Brais', last_name: 'Otero Souto', birth_date: '2016-02-20' };
    expect((await addPerson(mother, child)).status).toBe(201);
    const before = await snapshot(app, 'enrolments', 'user_persons');

    const refused = await addPerson(father, { ...child, last_name: 'otero souto' }, 'en');
    const error = await errorOf(refused);
    expect(error).toMatchObject({
      status: 409,
      code: 'person_managed_elsewhere',
      detail: t('en', 'person_managed_elsewhere'),
    });
    // nothing of the other account in the answer
    expect(JSON.stringify(error)).not.toContain(mother.phone);
    expect(JSON.stringify(error)).not.toContain(mother.dni);
    expect(await snapshot(app, 'enrolments', 'user_persons')).toEqual(before);

    // a name and birth date on no record: the same miss as a wrong DNI, nothing sent
    const unknown = await post(
      '/api/user/persons/request-association-by-name',
      father,
      { ...child, birth_date: '2016-02-21' },
      'gl',
    );
    expect(await errorOf(unknown)).toMatchObject({
      status: 404,
      code: 'person_not_found',
      detail: t('gl', 'person_not_found_by_name'),
    });
    expect(await outboxCount(app, mother.phone)).toBe(0);

    const asked = await post('/api/user/persons/request-association-by-name', father, child);
    expect(asked.status).toBe(200);
    expect(await asked.json()).toMatchObject({ code: 'otp_sent', expires_in: 600 });
    expect(JSON.stringify(await app.rows(sql`SELECT * FROM outbox`))).toContain(mother.phone);
    const code = await lastCode(app, mother.phone);

    // a wrong code links nothing; a code for another person's name does not work either
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await post('/api/user/persons/verify-association-by-name', father, {
      ...child,
      otp_code: wrong,
    });
    expect((await errorOf(bad)).code).toBe('invalid_code');
    const other = await post('/api/user/persons/verify-association-by-name', father, {
      ...child,
      first_name: 'Iago',
      otp_code: code,
    });
    expect((await errorOf(other)).code).toBe('invalid_code');
    expect(await managedBy(father)).toEqual([]);

    // the right code (read again: the wrong tries above did not burn it) links the one record
    const linked = await post('/api/user/persons/verify-association-by-name', father, {
      ...child,
      otp_code: code,
    });
    expect(linked.status).toBe(200);
    const [shared] = await managedBy(father);
    expect(shared?.full_name).toBe('Brais Otero Souto');
    expect((await managedBy(mother)).map((p) => p.person_activity_id)).toEqual([
      shared?.person_activity_id,
    ]);
    expect(await snapshot(app, 'enrolments')).toEqual({ enrolments: before.enrolments });

    // both parents apply for the one child: one ballot
    const activity = await createSeasonActivity(app, admin, {
      allocation: 'lottery',
      capacity: 2,
      openAt: at(-HOUR),
      closeAt: at(24 * HOUR),
    });
    await applied(app, asHousehold(mother), shared!.person_activity_id, activity);
    const second = await apply(app, asHousehold(father), shared!.person_activity_id, activity);
    expect((await errorOf(second)).code).toBe('already_applied');
    expect(await statuses(app, activity)).toHaveLength(1);
  });

  it('keeps one record when two accounts add the same child at the same moment', async () => {
    const [a, b] = [await resident(), await resident()];
    const child = { first_name: 'Sabela', last_name: 'Mato Rey', birth_date: '2018-08-08' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => addPerson(i % 2 ? a : b, child)),
    );
    const codes = await Promise.all(
      answers.map(async (res) => (res.status === 201 ? 'created' : (await errorOf(res)).code)),
    );
    expect(codes.filter((c) => c === 'created')).toHaveLength(1);
    expect(new Set(codes.filter((c) => c !== 'created'))).toEqual(
      new Set(['person_exists', 'person_managed_elsewhere']),
    );
    expect(
      Number(await app.value(sql`SELECT count(*) FROM enrolments WHERE first_name = 'Sabela'`)),
    ).toBe(1);
  });

  it('treats a DNI the account already manages as person_exists, and one on record as before', async () => {
    const parent = await resident();
    const dni = nextDni();
    const teen = { first_name: 'Antía', last_name: 'Vidal Rey', birth_date: '2010-03-01', dni };
    expect((await addPerson(parent, teen)).status).toBe(201);
    expect((await errorOf(await addPerson(parent, teen))).code).toBe('person_exists');
    const stranger = await resident();
    expect((await errorOf(await addPerson(stranger, teen))).code).toBe('person_on_record');
    // two persons with the same name and birth date but different DNIs are two persons
    expect((await addPerson(stranger, { ...teen, dni: nextDni() })).status).toBe(201);
  });

  it('shows staff the likely duplicates before a draw and merges them, one ballot each', async () => {
    const activity = await createSeasonActivity(app, admin, {
      name: 'Natación duplicados',
      allocation: 'lottery',
      capacity: 1,
      openAt: at(-HOUR),
      closeAt: at(2 * HOUR),
    });
    // records made before the rule held (straight through the repository, as older data is)
    const parent = await resident();
    const record = async (
      first: string,
      last: string,
      birth: string,
      dni: string | null = null,
    ) => {
      const id = await app.deps.repos.enrolments.insert({
        first_name: first,
        last_name: last,
        dni,
        email: null,
        phone: parent.phone,
        birth_date: birth,
        added_by_resident: 1,
      });
      await app.deps.repos.persons.link(parent.id, id);
      return id;
    };
    const uxia = await record('Uxía', 'López Pereira', '2017-05-09');
    const swapped = await record('Uxía', 'Pereira López', '2017-05-09');
    const brais = await record('Brais', 'Otero Vidal', '2016-02-20');
    const typo = await record('Brais', 'Oter Vidal', '2016-02-20');
    const otherBirth = await record('Brais', 'Otero Vidal', '2016-02-21');
    const twinA = await record('Lucía', 'Rey Gil', '2015-01-01', nextDni());
    const twinB = await record('Lucia', 'Rey Gil', '2015-01-01', nextDni());
    const family = asHousehold(parent);
    const codes: Record<number, string> = {};
    for (const person of [uxia, swapped, brais, typo, otherBirth, twinA, twinB]) {
      codes[person] = (await applied(app, family, person, activity)).code;
      app.clock.advance(1000);
    }

    const listed = await app.fetch(`/api/admin/activities/${activity}/duplicates`, {
      headers: admin.headers,
    });
    expect(listed.status).toBe(200);
    const pairs = (await listed.json()) as {
      reason: string;
      persons: { person_activity_id: number; application: { code: string } }[];
    }[];
    expect(
      pairs.map((p) => [p.reason, p.persons.map((person) => person.person_activity_id)]),
    ).toEqual([
      ['surnames_swapped', [uxia, swapped]],
      ['one_letter_apart', [brais, typo]],
    ]);
    expect(pairs[0]?.persons[1]?.application.code).toBe(codes[swapped]);
    expect(
      (await app.fetch(`/api/admin/activities/999999/duplicates`, { headers: admin.headers }))
        .status,
    ).toBe(404);

    // refusals change nothing
    const merge = (body: unknown, who: { headers: object } = admin, lang = 'es') =>
      post('/api/admin/persons/merge', who, body, lang);
    const tables = ['enrolments', 'applications', 'user_persons', 'enrolment_activities'];
    const before = await snapshot(app, ...tables);
    expect(
      await errorOf(await merge({ keep_id: twinA, merge_id: twinB }, admin, 'en')),
    ).toMatchObject({ status: 409, code: 'persons_differ', detail: t('en', 'persons_differ') });
    const same = await errorOf(await merge({ keep_id: uxia, merge_id: uxia }, admin, 'gl'));
    expect(same.status).toBe(422);
    expect(same.detail).toEqual([
      { loc: ['body', 'merge_id'], msg: t('gl', 'merge_same_person'), type: 'merge_same_person' },
    ]);
    expect((await merge({ keep_id: uxia, merge_id: 999_999 })).status).toBe(404);
    expect((await merge({ keep_id: uxia, merge_id: swapped }, parent)).status).toBe(403);
    expect((await merge({ keep_id: 'x', merge_id: swapped })).status).toBe(422);
    expect(await snapshot(app, ...tables)).toEqual(before);

    // the public page before the draw: as many persons as codes
    const draw = async () =>
      (await (await app.fetch(`/api/draws/${activity}`)).json()) as {
        persons: number;
        applications: { code: string; status: string; rank: number | null }[];
      };
    expect((await draw()).persons).toBe(7);

    // a second account managed the newer record: it manages the kept one afterwards
    const other = await resident();
    await app.deps.repos.persons.link(other.id, swapped);
    const merged = await merge({ keep_id: uxia, merge_id: swapped });
    expect(merged.status).toBe(200);
    expect(await merged.json()).toEqual({
      person: {
        person_activity_id: uxia,
        full_name: 'Uxía López Pereira',
        dni: null,
        birth_date: '2017-05-09',
      },
      moved: { activities: 0, payments: 0, applications: 1, accounts: 1 },
      withdrawn: [codes[swapped]],
      paid_twice: [],
    });
    expect(
      Number(await app.value(sql`SELECT count(*) FROM enrolments WHERE id = ${swapped}`)),
    ).toBe(0);
    expect((await managedBy(other)).map((p) => p.person_activity_id)).toEqual([uxia]);
    const rows = await statuses(app, activity);
    expect(rows.find((r) => r.code === codes[swapped])?.status).toBe('withdrawn');
    expect(rows.find((r) => r.code === codes[uxia])?.status).toBe('applied');
    const audited = await app.rows<{ details: string; actor_user_id: number }>(
      sql`SELECT details, actor_user_id FROM audit_log WHERE action = 'person.merge'`,
    );
    expect(audited).toHaveLength(1);
    expect(audited[0]?.actor_user_id).toBe(admin.id);
    expect(JSON.parse(audited[0]!.details)).toMatchObject({
      merged_id: swapped,
      withdrawn: [codes[swapped]],
    });
    expect(
      Number(
        await app.value(
          sql`SELECT count(*) FROM audit_log WHERE action = 'application.withdrawn' AND actor_user_id = ${admin.id}`,
        ),
      ),
    ).toBe(1);

    // the pair is gone from the list; the public page: six persons, each once
    const after = (await (
      await app.fetch(`/api/admin/activities/${activity}/duplicates`, { headers: admin.headers })
    ).json()) as { reason: string }[];
    expect(after.map((p) => p.reason)).toEqual(['one_letter_apart']);
    const page = await draw();
    expect(page.persons).toBe(6);
    expect(page.applications.map((a) => a.code)).not.toContain(codes[swapped]);

    // the draw waits for the pair still unreviewed (issue 59): refused, nothing drawn
    app.clock.advance(3 * HOUR);
    const drawTables = ['applications', 'draws', 'enrolment_activities'];
    const undrawn = await snapshot(app, ...drawTables);
    const waiting = await post(`/api/admin/activities/${activity}/draw`, admin, {}, 'en');
    expect(await errorOf(waiting)).toMatchObject({
      status: 409,
      code: 'duplicates_unreviewed',
      detail: t('en', 'duplicates_unreviewed', { count: 1 }),
    });
    expect(await snapshot(app, ...drawTables)).toEqual(undrawn);
    // the job waits too
    await app.deps.season.runJobs();
    expect(await snapshot(app, ...drawTables)).toEqual(undrawn);

    // staff check the pair: two persons after all
    const different = (body: unknown, who: { headers: object } = admin, lang = 'es') =>
      post('/api/admin/persons/different', who, body, lang);
    expect((await different({ first_id: typo, second_id: brais }, parent)).status).toBe(403);
    expect((await different({ first_id: typo, second_id: 999_999 })).status).toBe(404);
    expect(
      await errorOf(await different({ first_id: typo, second_id: typo }, admin, 'gl')),
    ).toEqual(
      expect.objectContaining({
        status: 422,
        detail: [
          {
            loc: ['body', 'second_id'],
            msg: t('gl', 'different_same_person'),
            type: 'different_same_person',
          },
        ],
      }),
    );
    expect(await snapshot(app, 'persons_distinct')).toEqual({ persons_distinct: [] });
    expect((await different({ first_id: typo, second_id: brais })).status).toBe(204);
    expect((await different({ first_id: brais, second_id: typo })).status).toBe(204);
    const marks = await app.rows<{ details: string; entity_id: string; actor_user_id: number }>(
      sql`SELECT details, entity_id, actor_user_id FROM audit_log WHERE action = 'person.different'`,
    );
    expect(marks).toHaveLength(1);
    expect(marks[0]).toMatchObject({ entity_id: String(brais), actor_user_id: admin.id });
    expect(JSON.parse(marks[0]!.details)).toMatchObject({ other_id: typo });
    const reviewed = await app.fetch(`/api/admin/activities/${activity}/duplicates`, {
      headers: admin.headers,
    });
    expect(await reviewed.json()).toEqual([]);

    // after the draw the count stays the persons ranked, each once; the merge is said
    const drawn = await post(`/api/admin/activities/${activity}/draw`, admin, {});
    expect(drawn.status).toBe(200);
    const result = (await drawn.json()) as {
      persons: number;
      merged: number;
      applications: unknown[];
    };
    expect(result.persons).toBe(6);
    expect(result.merged).toBe(1);
    expect(result.applications).toHaveLength(6);
    expect(
      ((await (await app.fetch(`/api/draws/${activity}`)).json()) as { merged: number }).merged,
    ).toBe(1);
  });

  it('folds look-alike letters into one identity key: nine spellings of one child are refused', async () => {
    const parent = await resident();
    const carla = { first_name: 'Carla', last_name: 'Pérez Soto', birth_date: '2016-03-03' };
    expect((await addPerson(parent, carla)).status).toBe(201);
    const before = await snapshot(app, 'enrolments', 'user_persons');
    // compatibility forms and letters of the same script that look alike: the same person
    for (const [first_name, last_name] of [
      ['Ｃａｒｌａ', 'Pérez Soto'], // fullwidth
      ['𝐂arla', 'Pérez Soto'], // mathematical bold
      ['Ⓒarla', 'Pérez Soto'], // circled
      ['ᴄarla', 'Pérez Soto'], // small capital
      ['Cɑrla', 'Pérez Soto'], // Latin alpha
      ['CARLA', 'PEREZ SOTO'],
    ]) {
      const error = await errorOf(await addPerson(parent, { ...carla, first_name, last_name }));
      expect({ first_name, ...error }).toMatchObject({
        first_name,
        status: 409,
        code: 'person_exists',
      });
    }
    // letters of another script slipped among Latin ones: refused as mixed-script names
    for (const [first_name, last_name, field] of [
      ['Cаrla', 'Pérez Soto', 'first_name'], // Cyrillic а
      ['Carla', 'Pérez Sоto', 'last_name'], // Cyrillic о
      ['Carla', 'Pérez Sοto', 'last_name'], // Greek ο
    ] as const) {
      const error = await errorOf(await addPerson(parent, { ...carla, first_name, last_name }));
      expect(error).toMatchObject({ status: 422, code: 'validation_error' });
      expect(error.detail).toEqual([
        { loc: ['body', field], msg: t('es', 'mixed_script_name'), type: 'mixed_script_name' },
      ]);
    }
    expect(await snapshot(app, 'enrolments', 'user_persons')).toEqual(before);

    // a second account: the mixed-script name in each language, the look-alike as elsewhere
    const other = await resident();
    for (const lang of ['es', 'en', 'gl'] as const) {
      const error = await errorOf(await addPerson(other, { ...carla, first_name: 'Cаrla' }, lang));
      expect(error.detail).toEqual([
        {
          loc: ['body', 'first_name'],
          msg: t(lang, 'mixed_script_name'),
          type: 'mixed_script_name',
        },
      ]);
    }
    expect(
      (await errorOf(await addPerson(other, { ...carla, first_name: 'Ｃａｒｌａ' }))).code,
    ).toBe('person_managed_elsewhere');

    // a dotless ı with a combining accent is the í of "Uxía"
    const uxia = { first_name: 'Uxía', last_name: 'Sanmartín Rey', birth_date: '2018-10-10' };
    expect((await addPerson(parent, uxia)).status).toBe(201);
    expect(
      (await errorOf(await addPerson(other, { ...uxia, first_name: 'Uxı\u0301a' }))).code,
    ).toBe('person_managed_elsewhere');

    // names in another script stay welcome
    const alexei = { first_name: 'Алексей', last_name: 'Иванов', birth_date: '2014-02-02' };
    expect((await addPerson(other, alexei)).status).toBe(201);
    expect((await managedBy(other)).map((p) => p.full_name)).toEqual(['Алексей Иванов']);
  });

  it('lists fullwidth and bold spellings as likely duplicates, and the draw waits for them', async () => {
    const activity = await createSeasonActivity(app, admin, {
      name: 'Natación look-alikes',
      allocation: 'lottery',
      capacity: 1,
      openAt: at(-HOUR),
      closeAt: at(2 * HOUR),
    });
    // records made before the rule held (straight through the repository, as older data is)
    const parent = await resident();
    const record = async (first: string) => {
      const id = await app.deps.repos.enrolments.insert({
        first_name: first,
        last_name: 'Pérez Soto',
        dni: null,
        email: null,
        phone: parent.phone,
        birth_date: '2016-03-04',
        added_by_resident: 1,
      });
      await app.deps.repos.persons.link(parent.id, id);
      return id;
    };
    const plain = await record('Carla');
    const wide = await record('Ｃａｒｌａ');
    const bold = await record('𝐂arla');
    for (const person of [plain, wide, bold]) {
      await applied(app, asHousehold(parent), person, activity);
      app.clock.advance(1000);
    }
    const pairs = (await (
      await app.fetch(`/api/admin/activities/${activity}/duplicates`, { headers: admin.headers })
    ).json()) as { reason: string; persons: { person_activity_id: number }[] }[];
    expect(pairs.map((p) => [p.reason, p.persons.map((x) => x.person_activity_id)])).toEqual([
      ['same_name', [plain, wide]],
      ['same_name', [plain, bold]],
      ['same_name', [wide, bold]],
    ]);

    app.clock.advance(3 * HOUR);
    const draw = () => post(`/api/admin/activities/${activity}/draw`, admin, {});
    expect(await errorOf(await draw())).toMatchObject({
      status: 409,
      code: 'duplicates_unreviewed',
      detail: t('es', 'duplicates_unreviewed', { count: 3 }),
    });
    for (const gone of [wide, bold]) {
      expect(
        (await post('/api/admin/persons/merge', admin, { keep_id: plain, merge_id: gone })).status,
      ).toBe(200);
    }
    const drawn = await draw();
    expect(drawn.status).toBe(200);
    expect(await drawn.json()).toMatchObject({ persons: 1, merged: 2 });
  });

  it('merges activities and payments onto the kept record and names a place paid twice', async () => {
    const parent = await resident();
    const ids: number[] = [];
    for (const last of ['Souto Rial', 'Soutto Rial']) {
      const id = await app.deps.repos.enrolments.insert({
        first_name: 'Carme',
        last_name: last,
        dni: null,
        email: null,
        phone: parent.phone,
        birth_date: '2014-07-07',
      });
      await app.deps.repos.persons.link(parent.id, id);
      ids.push(id);
    }
    const [keep, gone] = ids as [number, number];
    const activity = async (name: string) =>
      app.deps.repos.activities.insert({
        name,
        price_cents: 3000,
        start_date: null,
        allocation: 'none',
        capacity: null,
        applications_open_at: null,
        applications_close_at: null,
        offer_hours: 72,
        description: null,
        schedule: null,
        venue: null,
        min_birth_year: null,
        max_birth_year: null,
      });
    const swim = await activity(`Natación ${keep}`);
    const chess = await activity(`Xadrez ${keep}`);
    const both = await activity(`Atletismo ${keep}`);
    await app.deps.repos.enrolments.addLink(gone, swim);
    await app.deps.repos.enrolments.markPaid(gone, swim, '2026-11-30T10:00:00.000Z', 3000);
    await app.deps.repos.enrolments.addLink(keep, swim);
    await app.deps.repos.enrolments.addLink(gone, chess);
    for (const person of ids) {
      await app.deps.repos.enrolments.addLink(person, both);
      await app.deps.repos.enrolments.markPaid(person, both, '2026-11-30T10:00:00.000Z', 3000);
    }
    const res = await post('/api/admin/persons/merge', admin, { keep_id: keep, merge_id: gone });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      moved: { activities: 1 },
      paid_twice: [`Atletismo ${keep}`],
    });
    const links = await app.rows<{ activity_id: number; is_paid: number }>(
      sql`SELECT activity_id, is_paid FROM enrolment_activities WHERE enrolment_id = ${keep} ORDER BY activity_id`,
    );
    expect(links.map((l) => [l.activity_id, Number(l.is_paid)])).toEqual([
      [swim, 1],
      [chess, 0],
      [both, 1],
    ]);
  });

  it('moves the family differences of the merged record, and those it earned, onto the kept one', async () => {
    const parent = await resident();
    const person = (first_name: string, last_name: string) =>
      app.deps.repos.enrolments.insert({
        first_name,
        last_name,
        dni: null,
        email: null,
        phone: parent.phone,
        birth_date: '2014-03-03',
      });
    const keep = await person('Antía', 'Lema Brea');
    const gone = await person('Antia', 'Lema Brea');
    const sibling = await person('Brais', 'Lema Brea');
    for (const id of [keep, gone, sibling]) await app.deps.repos.persons.link(parent.id, id);
    const school = await app.deps.repos.activities.insert({
      name: `Escola ${keep}`,
      price_cents: 6000,
      start_date: null,
      allocation: 'none',
      capacity: null,
      applications_open_at: null,
      applications_close_at: null,
      offer_hours: 72,
      description: null,
      schedule: null,
      venue: null,
      min_birth_year: null,
      max_birth_year: null,
    });
    const payment = await app.deps.repos.payments.insertPayment({
      order_code: `M${String(keep).padStart(11, '0')}`,
      locale: 'es',
      user_id: parent.id,
      enrolment_id: gone,
      person_name: 'Antia Lema Brea',
      person_dni: '',
      amount_cents: 6000,
      use_discount: false,
      gateway: 'sandbox',
      merchant_code: '999008881',
      terminal: '1',
      pay_method: 'card',
      now: at(0),
    });
    const difference = (enrolment_id: number, member_enrolment_id: number) =>
      app.deps.repos.familyDifferences.insert({
        enrolment_id,
        activity_id: school,
        payment_id: payment,
        amount_cents: 3000,
        reason_code: 'member_refunded',
        member_enrolment_id,
        member_name: 'Lema Brea',
        created_at: at(0),
      });
    // the merged record owes one difference, and earned the sibling's
    expect(await difference(gone, sibling)).toBe(true);
    expect(await difference(sibling, gone)).toBe(true);
    const res = await post('/api/admin/persons/merge', admin, { keep_id: keep, merge_id: gone });
    expect(res.status).toBe(200);
    const rows = await app.rows<{ enrolment_id: number; member_enrolment_id: number }>(
      sql`SELECT enrolment_id, member_enrolment_id FROM family_differences
          WHERE activity_id = ${school} ORDER BY id`,
    );
    expect(rows.map((r) => [Number(r.enrolment_id), Number(r.member_enrolment_id)])).toEqual([
      [keep, sibling],
      [sibling, keep],
    ]);
    expect((await app.deps.repos.familyDifferences.openFor(keep)).length).toBe(1);
  });

  it('never reopens a drawn lottery: moving its window answers 409 already_drawn', async () => {
    const activity = await createSeasonActivity(app, admin, {
      name: 'Pádel sorteado',
      allocation: 'lottery',
      capacity: 1,
      openAt: at(-HOUR),
      closeAt: at(HOUR),
    });
    const parent = await resident();
    const add = await addPerson(parent, {
      first_name: 'Iria',
      last_name: 'Castro Mato',
      birth_date: '2012-01-01',
      dni: nextDni(),
    });
    const person = ((await add.json()) as { person_activity_id: number }).person_activity_id;
    await applied(app, asHousehold(parent), person, activity);
    app.clock.advance(2 * HOUR);
    expect((await post(`/api/admin/activities/${activity}/draw`, admin, {})).status).toBe(200);

    const form = {
      name: 'Pádel sorteado',
      price: 40,
      start_date: '2027-01-11',
      allocation: 'lottery',
      capacity: 1,
      applications_open_at: at(-3 * HOUR),
      applications_close_at: at(48 * HOUR),
      offer_hours: 72,
      min_birth_year: null,
      max_birth_year: null,
    };
    const before = await snapshot(app, 'activities', 'applications', 'draws');
    const reopen = await app.json(`/api/admin/activities-crud/${activity}`, 'PUT', form, {
      ...admin.headers,
      'Accept-Language': 'en',
    });
    expect(await errorOf(reopen)).toMatchObject({
      status: 409,
      code: 'already_drawn',
      detail: t('en', 'already_drawn_window'),
    });
    expect(await snapshot(app, 'activities', 'applications', 'draws')).toEqual(before);

    // older data whose window was reopened before the rule: still no application after a draw
    await app.exec(
      sql`UPDATE activities SET applications_close_at = ${at(48 * HOUR)} WHERE id = ${activity}`,
    );
    const late = await addPerson(parent, {
      first_name: 'Noa',
      last_name: 'Castro Mato',
      birth_date: '2013-01-01',
    });
    const latePerson = ((await late.json()) as { person_activity_id: number }).person_activity_id;
    const refused = await apply(app, asHousehold(parent), latePerson, activity);
    expect((await errorOf(refused)).code).toBe('applications_not_open');
    expect(await statuses(app, activity)).toHaveLength(1);
  });

  describe('a DNI nobody can take through "add a person"', () => {
    const register = (dni: string, phone: string) =>
      app.json('/api/user/register', 'POST', {
        dni,
        phone,
        email: null,
        password: PASSWORD,
        repeat_password: PASSWORD,
      });

    it('lets the holder register with their own mobile after another account added their DNI', async () => {
      const attacker = await resident();
      const victim = { dni: nextDni(), phone: '677123456' };
      const added = await addPerson(attacker, {
        first_name: 'Marta',
        last_name: 'Pazos Lema',
        birth_date: '1980-06-15',
        dni: victim.dni,
      });
      expect(added.status).toBe(201);

      const res = await register(victim.dni, victim.phone);
      expect(res.status, await res.clone().text()).toBe(201);
      const code = await lastCode(app, victim.phone);
      const verified = await app.json('/api/user/verify', 'POST', {
        dni: victim.dni,
        otp_code: code,
      });
      expect(verified.status).toBe(200);
      const { access_token } = (await verified.json()) as { access_token: string };
      // the DNI's holder owns its person: the record the attacker made is the victim's now, and
      // the attacker no longer manages it (issue 59 item 3; test/residents/holder-takeover.test.ts)
      const mine = await app.fetch('/api/user/persons/', {
        headers: { Authorization: `Bearer ${access_token}` },
      });
      expect(await mine.json()).toMatchObject([{ dni: victim.dni }]);
      expect(await managedBy(attacker)).toEqual([]);
    });

    it('shows staff an account registered on a DNI a resident added, and releases it', async () => {
      const attacker = await resident();
      const victimDni = nextDni();
      await addPerson(attacker, {
        first_name: 'Rosa',
        last_name: 'Lema Vilar',
        birth_date: '1975-01-20',
        dni: victimDni,
      });
      // the attacker then registers the DNI from the phone on the record they made
      expect((await register(victimDni, attacker.phone)).status).toBe(201);
      const code = await lastCode(app, attacker.phone);
      expect(
        (await app.json('/api/user/verify', 'POST', { dni: victimDni, otp_code: code })).status,
      ).toBe(200);

      const list = await app.fetch(`/api/admin/users/?q=${victimDni}`, { headers: admin.headers });
      const [row] = (await list.json()) as {
        id: number;
        phone_on_records: string | null;
        record_added_by_resident: boolean;
      }[];
      expect(row).toMatchObject({ phone_on_records: null, record_added_by_resident: true });
      const released = await app.fetch(`/api/admin/users/${row!.id}/release`, {
        method: 'POST',
        headers: admin.headers,
      });
      expect(released.status).toBe(204);
      // the holder now registers with their own mobile
      expect((await register(victimDni, '688000111')).status).toBe(201);
    });

    it('still takes a parent’s mobile as the one on record for a child under 14', async () => {
      const parent = await resident();
      const childDni = nextDni();
      await addPerson(parent, {
        first_name: 'Martiño',
        last_name: 'Lema Vilar',
        birth_date: '2016-01-20',
        dni: childDni,
      });
      const res = await register(childDni, '688000222');
      expect(await errorOf(res)).toMatchObject({ status: 409, code: 'phone_mismatch' });
    });
  });
});
