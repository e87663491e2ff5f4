import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { t } from '../../src/i18n/index.js';
import { createAccount, type Account } from '../admin/factory.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { errorOf } from '../residents/helpers.js';
import {
  apply,
  applied,
  createSeasonActivity,
  HOUR,
  household,
  linkOf,
  statuses,
} from './helpers.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The season's rules over HTTP on the real app and database (both engines: npm test runs the
 * suite again on PostgreSQL): applying, the window, eligibility, first come, the waitlist,
 * withdrawing, the catalogue's states and the refusals, each of which changes nothing.
 */
describe('applications for places', () => {
  let app: TestApp;
  let admin: Account;
  const now = () => app.clock.now().getTime();
  const at = (offsetMs: number) => new Date(now() + offsetMs).toISOString();

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-12-01T08:00:00Z' });
  });
  // a fresh token each test: the tests move the clock past a token's life
  beforeEach(async () => {
    admin = await createAccount(app, 'admin');
  });
  afterAll(() => app.close());

  const count = async (activity: number) =>
    Number(await app.value(sql`SELECT count(*) FROM applications WHERE activity_id = ${activity}`));

  it('keeps the new fields of an activity and refuses a form that breaks the rules', async () => {
    const id = await createSeasonActivity(app, admin, {
      name: 'Natación infantil campos',
      allocation: 'lottery',
      capacity: 12,
      openAt: '2026-12-02T09:00:00+01:00',
      closeAt: '2026-12-15T23:59:00+01:00',
      offerHours: 48,
      minBirthYear: 2015,
      maxBirthYear: 2020,
    });
    const list = await fetch(`${app.baseUrl}/api/admin/activities-crud?q=campos`, {
      headers: admin.headers,
    });
    const [row] = (await list.json()) as Record<string, unknown>[];
    expect(row).toMatchObject({
      id,
      allocation: 'lottery',
      capacity: 12,
      applications_open_at: '2026-12-02T08:00:00.000Z',
      applications_close_at: '2026-12-15T22:59:00.000Z',
      offer_hours: 48,
      min_birth_year: 2015,
      max_birth_year: 2020,
    });

    const bad = async (body: Record<string, unknown>) => {
      const before = await app.value(sql`SELECT count(*) FROM activities`);
      const res = await fetch(`${app.baseUrl}/api/admin/activities-crud`, {
        method: 'POST',
        headers: { ...admin.headers, 'Content-Type': 'application/json', 'Accept-Language': 'en' },
        body: JSON.stringify({ name: 'Mal', price: 10, ...body }),
      });
      expect(await app.value(sql`SELECT count(*) FROM activities`)).toEqual(before);
      const error = await errorOf(res);
      expect(error.status).toBe(422);
      return (error.detail as { loc: string[]; msg: string; type: string }[]).map((d) => [
        d.loc[1],
        d.type,
        d.msg,
      ]);
    };
    expect(await bad({ allocation: 'lottery' })).toEqual([
      ['capacity', 'capacity_required', t('en', 'capacity_required')],
      ['applications_open_at', 'window_required', t('en', 'window_required')],
      ['applications_close_at', 'window_required', t('en', 'window_required')],
    ]);
    expect(
      await bad({
        allocation: 'first_come',
        capacity: 3,
        applications_open_at: '2026-12-10T10:00:00Z',
        applications_close_at: '2026-12-10T10:00:00Z',
        min_birth_year: 2020,
        max_birth_year: 2010,
      }),
    ).toEqual([
      ['applications_close_at', 'window_order', t('en', 'window_order')],
      ['max_birth_year', 'birth_years_order', t('en', 'birth_years_order')],
    ]);
    expect(
      (await bad({ allocation: 'first_come', capacity: 0, offer_hours: 721 })).map((d) => d[0]),
    ).toEqual(['capacity', 'offer_hours']);
  });

  it('offers first-come places at once while they last, then waitlists in order of arrival', async () => {
    const activity = await createSeasonActivity(app, admin, {
      allocation: 'first_come',
      capacity: 2,
      openAt: at(-HOUR),
      closeAt: at(24 * HOUR),
      offerHours: 72,
    });
    const family = await household(app, 4);
    const [a, b, c, d] = family.people as [number, number, number, number];
    const first = await applied(app, family, a, activity);
    expect(first.status).toBe('offered');
    expect(first.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(first.offer_expires_at).toBe(at(72 * HOUR));
    expect((await applied(app, family, b, activity)).status).toBe('offered');
    const third = await applied(app, family, c, activity);
    expect(third).toMatchObject({
      status: 'waitlisted',
      waitlist_position: 1,
      offer_expires_at: null,
    });
    expect((await applied(app, family, d, activity)).waitlist_position).toBe(2);

    // the offered place is on the person's pending list, to pay as any other
    const pending = await fetch(`${app.baseUrl}/api/user/activities/${a}`, {
      headers: family.account.headers,
    });
    expect(
      ((await pending.json()) as { id: number; is_paid: boolean }[]).find((x) => x.id === activity),
    ).toMatchObject({ is_paid: false });
    expect(await linkOf(app, c, activity)).toBeUndefined();

    // the catalogue: full, no place left
    const catalogue = (await (await fetch(`${app.baseUrl}/api/catalogue`)).json()) as {
      id: number;
      status: string;
      places_left: number | null;
    }[];
    expect(catalogue.find((x) => x.id === activity)).toMatchObject({
      status: 'full',
      places_left: 0,
    });

    // withdrawing an offered place passes it at once to the first on the waitlist
    const del = await fetch(`${app.baseUrl}/api/user/applications/${first.id}`, {
      method: 'DELETE',
      headers: family.account.headers,
    });
    expect(del.status).toBe(204);
    expect(await linkOf(app, a, activity)).toBeUndefined();
    expect(await linkOf(app, c, activity)).toEqual({ is_paid: 0 });
    const mine = (await (
      await fetch(`${app.baseUrl}/api/user/applications`, { headers: family.account.headers })
    ).json()) as { person_activity_id: number; status: string; waitlist_position: number | null }[];
    const byPerson = new Map(mine.map((x) => [x.person_activity_id, x]));
    expect(byPerson.get(a)?.status).toBe('withdrawn');
    expect(byPerson.get(c)?.status).toBe('offered');
    expect(byPerson.get(d)).toMatchObject({ status: 'waitlisted', waitlist_position: 1 });
    // withdrawing it again changes nothing
    const again = await fetch(`${app.baseUrl}/api/user/applications/${first.id}`, {
      method: 'DELETE',
      headers: family.account.headers,
    });
    expect(again.status).toBe(204);
    expect((await statuses(app, activity)).map((s) => s.status)).toEqual([
      'withdrawn',
      'offered',
      'offered',
      'waitlisted',
    ]);
  });

  it('refuses outside the window, twice, when enrolled, when not eligible or not managed, changing nothing', async () => {
    const activity = await createSeasonActivity(app, admin, {
      allocation: 'lottery',
      capacity: 5,
      openAt: at(HOUR),
      closeAt: at(10 * HOUR),
      minBirthYear: 2014,
      maxBirthYear: 2018,
    });
    const family = await household(app, 1, '2016-04-02');
    const [child] = family.people as [number];
    const refused = async (person: number, expected: [number, string], lang = 'es') => {
      const before = await count(activity);
      const error = await errorOf(await apply(app, family, person, activity, lang));
      expect([error.status, error.code]).toEqual(expected);
      expect(await count(activity)).toBe(before);
      return error.detail;
    };
    expect(await refused(child, [409, 'applications_not_open'], 'gl')).toBe(
      t('gl', 'applications_not_open'),
    );
    app.clock.advance(2 * HOUR);
    expect((await applied(app, family, child, activity)).status).toBe('applied');
    await refused(child, [409, 'already_applied']);

    const older = await household(app, 1, '2010-01-01');
    const errorOld = await errorOf(await apply(app, older, older.people[0]!, activity, 'en'));
    expect([errorOld.status, errorOld.code, errorOld.detail]).toEqual([
      422,
      'not_eligible',
      'This activity is for people born between 2014 and 2018.',
    ]);
    const unknown = await household(app, 1, null);
    const errorUnknown = await errorOf(await apply(app, unknown, unknown.people[0]!, activity));
    expect([errorUnknown.status, errorUnknown.code]).toEqual([422, 'not_eligible']);
    expect(errorUnknown.detail).toBe(t('es', 'not_eligible_no_birth_date'));

    // someone else's person, an unknown activity, an activity without places: 404
    await refused(older.people[0]!, [404, 'not_found']);
    const plain = await app.deps.repos.activities.insert({
      name: 'Sin plazas',
      price_cents: 1000,
      start_date: null,
    });
    const none = await errorOf(await apply(app, family, child, plain));
    expect([none.status, none.code]).toEqual([404, 'not_found']);

    // already enrolled by staff
    const enrolled = await household(app, 1, '2016-04-02');
    await app.deps.repos.enrolments.addLink(enrolled.people[0]!, activity);
    const errorEnrolled = await errorOf(await apply(app, enrolled, enrolled.people[0]!, activity));
    expect([errorEnrolled.status, errorEnrolled.code]).toEqual([409, 'already_enrolled']);

    app.clock.advance(9 * HOUR);
    const late = await household(app, 1, '2016-04-02');
    const errorLate = await errorOf(await apply(app, late, late.people[0]!, activity));
    expect([errorLate.status, errorLate.code]).toEqual([409, 'applications_not_open']);
  });

  it('gives 5 places to exactly 5 of 50 parallel applications, the first to arrive', async () => {
    const activity = await createSeasonActivity(app, admin, {
      allocation: 'first_come',
      capacity: 5,
      openAt: at(-HOUR),
      closeAt: at(HOUR),
    });
    const families = await Promise.all(Array.from({ length: 50 }, () => household(app, 1)));
    const answers = await Promise.all(families.map((f) => apply(app, f, f.people[0]!, activity)));
    expect(answers.map((r) => r.status)).toEqual(Array(50).fill(201));
    const rows = await statuses(app, activity);
    expect(rows.filter((r) => r.status === 'offered')).toEqual(rows.slice(0, 5));
    expect(rows.slice(5).every((r) => r.status === 'waitlisted')).toBe(true);
    const links = await app.value(
      sql`SELECT count(*) FROM enrolment_activities WHERE activity_id = ${activity}`,
    );
    expect(Number(links)).toBe(5);
    // the same person twice at once: one gets in, the other is told it already applied
    const twice = await household(app, 1);
    const both = await Promise.all([1, 2].map(() => apply(app, twice, twice.people[0]!, activity)));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('draws a lottery by the published rule, which anyone can recompute', async () => {
    const activity = await createSeasonActivity(app, admin, {
      allocation: 'lottery',
      capacity: 3,
      openAt: at(-HOUR),
      closeAt: at(HOUR),
    });
    const before = (await (await fetch(`${app.baseUrl}/api/draws/${activity}`)).json()) as {
      seed: string | null;
      seed_commitment: string;
      applications: { code: string }[];
    };
    expect(before.seed).toBeNull();
    expect(before.seed_commitment).toMatch(/^[0-9a-f]{64}$/);
    const families = await Promise.all(Array.from({ length: 8 }, () => household(app, 1)));
    const apps = [];
    for (const f of families) apps.push(await applied(app, f, f.people[0]!, activity));
    // one withdraws before the draw and takes no part
    await fetch(`${app.baseUrl}/api/user/applications/${apps[7]!.id}`, {
      method: 'DELETE',
      headers: families[7]!.account.headers,
    });
    const listed = (await (await fetch(`${app.baseUrl}/api/draws/${activity}`)).json()) as {
      applications: { code: string }[];
    };
    expect(listed.applications.map((a) => a.code).sort()).toEqual(
      apps
        .slice(0, 7)
        .map((a) => a.code)
        .sort(),
    );

    const early = await fetch(`${app.baseUrl}/api/admin/activities/${activity}/draw`, {
      method: 'POST',
      headers: admin.headers,
    });
    expect([(await errorOf(early)).code, early.status]).toEqual(['applications_open', 409]);
    app.clock.advance(2 * HOUR);
    const res = await fetch(`${app.baseUrl}/api/admin/activities/${activity}/draw`, {
      method: 'POST',
      headers: admin.headers,
    });
    expect(res.status).toBe(200);
    const draw = (await res.json()) as {
      seed: string;
      seed_commitment: string;
      applications: { code: string; rank: number; status: string }[];
    };
    // the check anyone can make: the seed is the committed one, and the order follows from it
    expect(sha256(draw.seed)).toBe(before.seed_commitment);
    const recomputed = apps
      .slice(0, 7)
      .map((a) => a.code)
      .sort((x, y) => (sha256(`${draw.seed}:${x}`) < sha256(`${draw.seed}:${y}`) ? -1 : 1));
    expect(draw.applications.map((a) => a.code)).toEqual(recomputed);
    expect(draw.applications.map((a) => [a.rank, a.status])).toEqual([
      [1, 'offered'],
      [2, 'offered'],
      [3, 'offered'],
      [4, 'waitlisted'],
      [5, 'waitlisted'],
      [6, 'waitlisted'],
      [7, 'waitlisted'],
    ]);
    const second = await fetch(`${app.baseUrl}/api/admin/activities/${activity}/draw`, {
      method: 'POST',
      headers: admin.headers,
    });
    expect([second.status, (await errorOf(second)).code]).toEqual([409, 'already_drawn']);
    // the page shows codes and statuses only: no names, DNIs or phones
    const page = await (await fetch(`${app.baseUrl}/api/draws/${activity}`)).text();
    const dnis = await app.column<string>(
      sql`SELECT e.dni FROM enrolments e JOIN applications a ON a.enrolment_id = e.id WHERE a.activity_id = ${activity}`,
    );
    for (const personal of ['Persoa', 'Proba', '612345678', '622334455', ...dnis]) {
      expect(page).not.toContain(personal);
    }
    const summary = (await (
      await fetch(`${app.baseUrl}/api/admin/activities/${activity}/applications/summary`, {
        headers: admin.headers,
      })
    ).json()) as { counts: Record<string, number>; places_left: number; status: string };
    expect(summary).toMatchObject({
      status: 'drawn',
      places_left: 0,
      counts: { applied: 0, offered: 3, waitlisted: 4, confirmed: 0, expired: 0, withdrawn: 1 },
    });
  });

  it('lets a resident add a child without a DNI, and sends a DNI on record to the SMS link', async () => {
    const family = await household(app, 0);
    const add = (body: Record<string, unknown>, lang = 'es') =>
      fetch(`${app.baseUrl}/api/user/persons/`, {
        method: 'POST',
        headers: {
          ...family.account.headers,
          'Content-Type': 'application/json',
          'Accept-Language': lang,
        },
        body: JSON.stringify(body),
      });
    const res = await add({
      first_name: ' Uxía ',
      last_name: 'López  Pereira',
      birth_date: '2017-05-09',
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      full_name: 'Uxía López Pereira',
      dni: null,
      birth_date: '2017-05-09',
    });
    const teen = await errorOf(
      await add({ first_name: 'Brais', last_name: 'López', birth_date: '2010-01-01' }, 'en'),
    );
    expect([teen.status, teen.detail]).toEqual([
      422,
      [
        {
          loc: ['body', 'dni'],
          msg: t('en', 'dni_required_from_14'),
          type: 'dni_required_from_14',
        },
      ],
    ]);
    const onRecord = await household(app, 1);
    const dni = await app.value<string>(
      sql`SELECT dni FROM enrolments WHERE id = ${onRecord.people[0]!}`,
    );
    const taken = await errorOf(
      await add({ first_name: 'Outra', last_name: 'Persoa', birth_date: '1990-01-01', dni }),
    );
    expect([taken.status, taken.code]).toEqual([409, 'person_on_record']);
    const future = await errorOf(
      await add({ first_name: 'Nadie', last_name: 'Aún', birth_date: '2030-01-01' }),
    );
    expect(future.status).toBe(422);
    const persons = (await (
      await fetch(`${app.baseUrl}/api/user/persons/`, { headers: family.account.headers })
    ).json()) as unknown[];
    expect(persons).toHaveLength(1);
  });
});
