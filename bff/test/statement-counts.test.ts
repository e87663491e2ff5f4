import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './admin/factory.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';
import { factory } from './payments/factory.js';
import { generate, notificationParams, signedNotification } from './payments/helpers.js';
import { createSeasonActivity, HOUR, household } from './season/helpers.js';

/**
 * How many statements the hot paths send to the database (BEGIN, COMMIT and SAVEPOINT included),
 * on the engine the suite runs on (npm test runs it on both): a path that grows fails here, and
 * one that shrinks asks for its figure here and in docs/performance.md ("Statement counts"),
 * which says what each statement is for. Each is one call after a first of its kind.
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
   * its batch: session; BEGIN, SAVEPOINT; the key; the person; the activity (locked); enrolled
   * or applied already; places held; the joint rule; the application; its link; the audit row;
   * the key's answer; RELEASE, COMMIT.
   */
  application: 15,
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
    expect(counts.application).toBe(COUNTS.application);
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
