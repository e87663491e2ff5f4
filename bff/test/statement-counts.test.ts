import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './admin/factory.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';
import { factory } from './payments/factory.js';
import { generate, notificationParams, signedNotification } from './payments/helpers.js';
import { createSeasonActivity, HOUR, household } from './season/helpers.js';

/**
 * How many statements the hot paths send to the database (BEGIN, COMMIT and SAVEPOINT included),
 * on the engine the suite runs on: a path that grows fails here. The figures, and why each path
 * needs what it sends, are in docs/performance.md ("Statement counts"). Each is the count of one
 * call after the first of its kind (the first warms what a process keeps: the settings).
 */
const MOST = {
  /** GET /api/user/persons/: the session (account and revoked token in one read), the people. */
  persons: 2,
  /** GET /api/user/activities/{id}: the session, then what the fees are computed from. */
  activities: 99,
  /** GET /api/catalogue: no session. */
  catalogue: 99,
  /** POST /api/user/applications, alone in its batch. */
  application: 99,
  /** POST /api/payments/generate-multiple/ for two activities. */
  checkout: 99,
  /** POST /api/payments/notification, an approved payment of two activities. */
  notification: 99,
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
    await persons();
    await activities();
    expect(await counted('persons', persons)).toHaveLength(1);
    expect(((await counted('activities', activities)) as unknown[]).length).toBeGreaterThan(0);
    expect(counts.persons).toBeLessThanOrEqual(MOST.persons);
    expect(counts.activities).toBeLessThanOrEqual(MOST.activities);
  });

  it('the catalogue', async () => {
    const read = () =>
      fetch(`${app.baseUrl}/api/catalogue`).then((res) => {
        expect(res.status).toBe(200);
        return res.json();
      });
    await read();
    await counted('catalogue', read);
    expect(counts.catalogue).toBeLessThanOrEqual(MOST.catalogue);
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
    expect(counts.application).toBeLessThanOrEqual(MOST.application);
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
    expect(counts.checkout).toBeLessThanOrEqual(MOST.checkout);
    expect(counts.notification).toBeLessThanOrEqual(MOST.notification);
  });
});
