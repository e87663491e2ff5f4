import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './admin/factory.js';
import { sql } from 'kysely';
import { feesWorld, type Auth } from './fees/support.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';
import { factory } from './payments/factory.js';
import { generate, notificationParams, signedNotification } from './payments/helpers.js';
import { createSeasonActivity, HOUR, household } from './season/helpers.js';

/**
 * How many statements the hot paths send to the database (BEGIN, COMMIT and SAVEPOINT included),
 * on the engine the suite runs on (npm test runs it on both): a path that grows fails here, and
 * one that shrinks asks for its figure here and in docs/performance.md ("Statement counts"),
 * which says what each statement is for. Each is one call after a first of its kind. A figure
 * per engine where they differ: on PostgreSQL each statement is a round trip, so an application
 * there writes in one statement what SQLite, in-process, writes in three, and a savepoint's
 * RELEASE goes with the next SAVEPOINT (two statements, one round trip, counted once).
 */
const COUNTS = {
  /** GET /api/user/persons/: the session (account and revoked token in one read), the people. */
  persons: 2,
  /** GET /api/user/applications: the session, the applications with their names. */
  applications: 2,
  /** GET /api/user/activities/{id}: session, the person, fee rules, settings, the activities. */
  activities: 5,
  /** GET /api/catalogue: activities, fee rules, settings, counts by status, draws. */
  catalogue: 5,
  /**
   * POST /api/user/applications with an Idempotency-Key, a first-come place offered, alone in
   * its batch. Both engines: the session; the person (read before the batch); BEGIN, SAVEPOINT;
   * the key; the activity (locked); what decides (enrolled or applied already, places held, the
   * joint rule, anyone waiting: one read after the lock); the key's answer; COMMIT. Then
   * SQLite: the application, its link and its audit row, three statements; RELEASE (13).
   * PostgreSQL: the application with its link and audit row, one statement; its RELEASE goes
   * with the next call's SAVEPOINT, or is COMMIT's (10). Was 15 on both.
   */
  application: { sqlite: 13, postgres: 10 },
  /**
   * The rush's shape: POST /api/user/applications with no key, waitlisted, alone in its batch.
   * As above without the key's two; SQLite reads the waitlist position after the insert (11),
   * PostgreSQL's one write answers it (8). Was 12 on both.
   */
  waitlisted: { sqlite: 11, postgres: 8 },
  /**
   * POST /api/payments/generate-multiple/ for two activities: session; the rate bucket; BEGIN;
   * the person (locked); fee rules; the two activities; settings; fees with the bank; pending
   * orders to supersede; the payment; its two lines; the audit row; COMMIT.
   */
  checkout: 13,
  /**
   * POST /api/payments/notification, two activities paid: BEGIN; the payment (locked); its
   * lines; the enrolled activities (locked); per activity its link paid and its application
   * confirmed; the family differences settled; the payment paid; the audit row; the
   * notification; COMMIT; then, after the answer, the receipt e-mail (the payment, its claim,
   * the account).
   */
  notification: 16,
};

describe('statements a hot path sends', () => {
  let app: TestApp;
  let f: ReturnType<typeof factory>;
  const counts: Record<string, number> = {};

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-21T10:00:00Z' });
    f = factory(app);
    await f.settings({ payments_enabled: true, discount_bp: 0, deadline: null });
  });
  afterAll(async () => {
    console.info(`statement counts (${app.db.engine}):`, counts);
    await app.close();
  });

  /**
   * The statements `call` sends, with any work it leaves running after its answer (the receipt
   * e-mail after a payment): counted once no statement has been sent for 200 ms.
   */
  async function counted<T>(name: string, call: () => Promise<T>): Promise<T> {
    const before = app.db.statements();
    const value = await call();
    let seen = -1;
    while (seen !== app.db.statements()) {
      seen = app.db.statements();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    counts[name] = seen - before;
    return value;
  }

  it('a dashboard read: the people, then one person’s activities', async () => {
    const { user, person } = await f.household([6000, 8550]);
    const persons = () =>
      fetch(`${app.baseUrl}/api/user/persons/`, { headers: user.auth }).then((res) => {
        expect(res.status).toBe(200);
        return res.json();
      });
    const activities = () =>
      fetch(`${app.baseUrl}/api/user/activities/${person.id}`, { headers: user.auth }).then(
        (res) => {
          expect(res.status).toBe(200);
          return res.json();
        },
      );
    const applications = () =>
      fetch(`${app.baseUrl}/api/user/applications`, { headers: user.auth }).then((res) => {
        expect(res.status).toBe(200);
        return res.json();
      });
    await persons();
    await activities();
    await applications();
    expect(await counted('persons', persons)).toHaveLength(1);
    await counted('applications', applications);
    expect(counts.applications).toBe(COUNTS.applications);
    expect(((await counted('activities', activities)) as unknown[]).length).toBeGreaterThan(0);
    expect(counts.persons).toBe(COUNTS.persons);
    expect(counts.activities).toBe(COUNTS.activities);
  });

  it('the catalogue', async () => {
    const admin = await createAccount(app, 'admin');
    const now = app.clock.now().getTime();
    const at = (offset: number) => new Date(now + offset).toISOString();
    for (const allocation of ['first_come', 'lottery'] as const)
      await createSeasonActivity(app, admin, {
        allocation,
        capacity: 5,
        openAt: at(-HOUR),
        closeAt: at(48 * HOUR),
      });
    const read = () =>
      fetch(`${app.baseUrl}/api/catalogue`).then((res) => {
        expect(res.status).toBe(200);
        return res.json();
      });
    await read();
    await counted('catalogue', read);
    expect(counts.catalogue).toBe(COUNTS.catalogue);
  });

  it('an application for a first-come place', async () => {
    const admin = await createAccount(app, 'admin');
    const now = app.clock.now().getTime();
    const at = (offset: number) => new Date(now + offset).toISOString();
    const activity = await createSeasonActivity(app, admin, {
      allocation: 'first_come',
      capacity: 5,
      openAt: at(-HOUR),
      closeAt: at(48 * HOUR),
    });
    const apply = async (who: Awaited<ReturnType<typeof household>>, key: string) => {
      const res = await fetch(`${app.baseUrl}/api/user/applications`, {
        method: 'POST',
        headers: {
          ...who.account.headers,
          'Content-Type': 'application/json',
          'Idempotency-Key': key,
        },
        body: JSON.stringify({ person_activity_id: who.people[0], activity_id: activity }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
    };
    const first = await household(app);
    const second = await household(app);
    await apply(first, crypto.randomUUID());
    await counted('application', () => apply(second, crypto.randomUUID()));
    expect(counts.application).toBe(COUNTS.application[app.db.engine]);
  });

  it('an application waitlisted, with no key (the rush’s)', async () => {
    const admin = await createAccount(app, 'admin');
    const now = app.clock.now().getTime();
    const activity = await createSeasonActivity(app, admin, {
      allocation: 'first_come',
      capacity: 1,
      openAt: new Date(now - HOUR).toISOString(),
      closeAt: new Date(now + 48 * HOUR).toISOString(),
    });
    const apply = async (who: Awaited<ReturnType<typeof household>>) => {
      const res = await fetch(`${app.baseUrl}/api/user/applications`, {
        method: 'POST',
        headers: { ...who.account.headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ person_activity_id: who.people[0], activity_id: activity }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      return (await res.json()) as { status: string; waitlist_position: number | null };
    };
    expect((await apply(await household(app))).status).toBe('offered');
    expect((await apply(await household(app))).waitlist_position).toBe(1);
    const third = await household(app);
    const answer = await counted('waitlisted', () => apply(third));
    expect([answer.status, answer.waitlist_position]).toEqual(['waitlisted', 2]);
    expect(counts.waitlisted).toBe(COUNTS.waitlisted[app.db.engine]);
  });

  it('a checkout, and the bank’s notification that it was paid', async () => {
    const warm = await f.household([4000]);
    await generate(app, warm.user.token, {
      person_activity_id: warm.person.id,
      activity_ids: warm.activities,
      use_discount: false,
    });
    const { user, person, activities } = await f.household([6000, 8550]);
    const redirect = await counted('checkout', () =>
      generate(app, user.token, {
        person_activity_id: person.id,
        activity_ids: activities,
        use_discount: false,
      }),
    );
    const fields = signedNotification(
      notificationParams(redirect.order, Math.round(redirect.amount * 100)),
    );
    const res = await counted('notification', () => app.form('/api/payments/notification', fields));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'paid', code: 'notification_applied' });
    expect(counts.checkout).toBe(COUNTS.checkout);
    expect(counts.notification).toBe(COUNTS.notification);
  });
});

/**
 * The same two hot paths under issue 60's fee rules (bench/fees.mjs, part 3): two reductions by
 * age that compete, a household title whose reduction is a rule by fee group, a registration
 * fee, parts by weight, a family discount. Before the rules were read once per call they were
 * 7 (dashboard) and 29 (a family of three's checkout): the circumstances' names were one more
 * read whenever a reduction applied, and the checkout read the rules, the names and the
 * approvals again for each person (docs/performance.md, "Fees under the council's rules").
 */
const RULES_COUNTS = {
  /**
   * GET /api/user/activities/{id}: the session; the person; the rules with the circumstances'
   * names; the family's fees; the approvals held; the open family differences.
   */
  activities: 6,
  /**
   * POST /api/payments/generate-multiple/ for a family of three (part 1 of a fee in parts and a
   * whole fee each): session; the rate bucket; BEGIN; per person the person (locked); the rules
   * with the names, once; the approvals of the three, once; per person the family's fees;
   * settings; per person the fees with the bank and the pending orders to supersede; the
   * payment; its lines; the audit row; COMMIT.
   */
  familyCheckout: 22,
};

describe('statements a hot path sends under issue 60’s fee rules', () => {
  let app: TestApp;
  let w: ReturnType<typeof feesWorld>;
  let admin: Auth;
  const counts: Record<string, number> = {};

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-21T10:00:00Z' });
    w = feesWorld(app);
    admin = (await w.user('admin')).auth;
    await w.settings({ payments_enabled: true, discount_bp: 0, deadline: '2026-12-15' });
  });
  afterAll(async () => {
    console.info(`statement counts under fee rules (${app.db.engine}):`, counts);
    await app.close();
  });

  let rules: { football: number; basketball: number; title: number };

  /** Two activities of a fee group and issue 60's rules, as staff write them (once). */
  async function ruledActivities() {
    const group = 'Escolas deportivas 2026-27';
    const football = await w.staffActivity(admin, {
      name: 'Escola de fútbol',
      price: 60,
      fee_group: group,
      registration_fee: 10,
      parts: [
        { weight: 3, due_date: '2027-01-15' },
        { weight: 1, due_date: '2027-02-15' },
      ],
    });
    const basketball = await w.staffActivity(admin, {
      name: 'Escola de baloncesto',
      price: 50,
      fee_group: group,
      tariffs: [
        { min_age: 0, max_age: 17, price: 45, default: false },
        { min_age: 18, max_age: null, price: 50, default: true },
      ],
    });
    const byAge = async (name: string, maxAge: number) => {
      const res = await app.json(
        '/api/admin/circumstances',
        'POST',
        {
          name: { es: name, en: name, gl: name },
          validity_months: null,
          review: 'age',
          min_age: 0,
          max_age: maxAge,
        },
        admin,
      );
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: number }).id;
    };
    const under18 = await byAge('Menores de 18', 17);
    const under14 = await byAge('Menores de 14', 13);
    const title = await w.circumstance('Título de familia numerosa');
    await app.exec(sql`UPDATE circumstances SET scope = 'household' WHERE id = ${title}`);
    await w.rules(admin, {
      reductions: [
        { circumstance_id: under18, activity_id: null, percent: 25, price: null },
        { circumstance_id: under14, activity_id: null, percent: 50, price: null },
        { circumstance_id: title, activity_id: null, fee_group: group, percent: 20, price: null },
      ],
      family_discounts: [{ from_member: 2, percent: 10 }],
    });
    return { football, basketball, title };
  }

  /** A family of three in both activities, its household title approved for each. */
  async function ruledFamily() {
    rules ??= await ruledActivities();
    const { football, basketball, title } = rules;
    const children = [
      await w.born('Antía', '2012-01-01'),
      await w.born('Brais', '2015-01-01'),
      await w.born('Carme', '2018-01-01'),
    ];
    for (const child of children) {
      await w.enrol(child, football);
      await w.enrol(child, basketball);
      await w.approve(child, title);
    }
    const first = await app.row<{ id: number }>(
      sql`SELECT min(id) AS id FROM circumstance_requests
        WHERE circumstance_id = ${title} AND enrolment_id = ${children[0]!}`,
    );
    for (const child of children)
      await app.exec(
        sql`UPDATE circumstance_requests SET household_id = ${first!.id}
          WHERE circumstance_id = ${title} AND enrolment_id = ${child}`,
      );
    return { user: await w.family(...children), children, football, basketball };
  }

  async function counted<T>(name: string, call: () => Promise<T>): Promise<T> {
    const before = app.db.statements();
    const value = await call();
    counts[name] = app.db.statements() - before;
    return value;
  }

  it('a dashboard read and a family’s checkout (part 1 of a fee in parts)', async () => {
    const pay = async (family: Awaited<ReturnType<typeof ruledFamily>>) => {
      const res = await app.json(
        '/api/payments/generate-multiple/',
        'POST',
        {
          use_discount: false,
          people: family.children.map((child) => ({
            person_activity_id: child,
            activity_ids: [family.basketball],
            parts: [{ activity_id: family.football, number: 1 }],
          })),
        },
        family.user.auth,
      );
      expect(res.status, await res.clone().text()).toBe(200);
    };
    await pay(await ruledFamily());
    const family = await ruledFamily();
    await w.due(family.user, family.children[1]!);
    const due = await counted('activities', () => w.due(family.user, family.children[1]!));
    // a reduction by age applies and names itself: the names came with the rules
    expect(due.get(family.basketball)?.breakdown?.reduction?.name).toMatch(/^Menores de 14/);
    await counted('familyCheckout', () => pay(family));
    expect(counts.activities).toBe(RULES_COUNTS.activities);
    expect(counts.familyCheckout).toBe(RULES_COUNTS.familyCheckout);
  });
});
