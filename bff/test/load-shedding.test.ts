import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../src/i18n/index.js';
import { createAccount, type Account } from './admin/factory.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';
import { testEngine } from './helpers/test-database.js';
import { webBuild } from './helpers/web-build.js';
import { factory } from './payments/factory.js';
import { generate, notificationParams, signedNotification } from './payments/helpers.js';
import { createSeasonActivity, HOUR, household, type Household } from './season/helpers.js';

/**
 * Overload answered honestly, on the real app over HTTP (both engines), with the bounds forced
 * low: past a bound a resident's NEW call is refused at once with 503 server_busy and
 * Retry-After, having written nothing; the bank's notification, staff's calls and a call admitted
 * before the bound was passed are not refused and complete.
 */

const APPLICATIONS = '/api/user/applications';
const METRICS_TOKEN = 'metrics-token-0123456789';

/**
 * Holds every connection the app's database has (SQLite: its one connection; PostgreSQL: the
 * pool's ten) in open transactions until `release`, as a long write would: every other call that
 * needs the database waits for one.
 */
async function holdDatabase(app: TestApp): Promise<() => Promise<void>> {
  const connections = testEngine === 'postgres' ? 10 : 1;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let entered = 0;
  const held = Array.from({ length: connections }, () =>
    app.db.transaction(async () => {
      entered++;
      await gate;
    }),
  );
  await until(() => entered === connections);
  return async () => {
    release();
    await Promise.all(held);
  };
}

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition never met');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Spins the event loop, as a burst of work on the main thread would. */
function blockEventLoop(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy
  }
}

async function shedCount(app: TestApp, reason: string): Promise<number> {
  const metric = await app.deps.metrics.shed.get();
  return metric.values.find((v) => v.labels.reason === reason)?.value ?? 0;
}

describe('overload answered honestly', () => {
  interface Scene {
    app: TestApp;
    admin: Account;
    activity: number;
    apply: (who: Household, lang?: string) => Promise<Response>;
    count: () => Promise<number>;
  }

  async function scene(env: Record<string, string>): Promise<Scene> {
    const app = await startTestApp({ now: '2026-12-01T08:00:00Z', env });
    const admin = await createAccount(app, 'admin');
    const activity = await createSeasonActivity(app, admin, {
      allocation: 'first_come',
      capacity: 10,
      openAt: new Date(app.clock.now().getTime() - HOUR).toISOString(),
      closeAt: new Date(app.clock.now().getTime() + 24 * HOUR).toISOString(),
    });
    return {
      app,
      admin,
      activity,
      apply: (who, lang = 'es') =>
        fetch(`${app.baseUrl}${APPLICATIONS}`, {
          method: 'POST',
          headers: {
            ...who.account.headers,
            'Content-Type': 'application/json',
            'Accept-Language': lang,
          },
          body: JSON.stringify({ person_activity_id: who.people[0], activity_id: activity }),
        }),
      count: async () =>
        Number(
          await app.value(sql`SELECT count(*) FROM applications WHERE activity_id = ${activity}`),
        ),
    };
  }

  describe('past the bound on calls waiting for the database', () => {
    let s: Scene;
    beforeAll(async () => {
      s = await scene({
        SHED_DATABASE_WAITING: '1',
        SHED_EVENT_LOOP_DELAY_MS: '0',
        METRICS_TOKEN,
        WEB_DIST: webBuild('<!doctype html><title>Portal</title>'),
      });
    });
    afterAll(() => s.app.close());

    it('refuses a new application at once, and lets the bank, staff and the admitted call through', async () => {
      const { app } = s;
      const f = factory(app);
      await f.settings({ payments_enabled: true, discount_bp: 0, deadline: null });
      const payer = await f.household([4000]);
      const order = await generate(app, payer.user.token, {
        person_activity_id: payer.person.id,
        activity_ids: payer.activities,
        use_discount: false,
      });
      const early = await household(app);
      const late = await household(app);
      const shedBefore = await shedCount(app, 'database_waiting');

      const release = await holdDatabase(app);
      // admitted while nothing waited: it now waits for the database itself
      const admitted = s.apply(early);
      await until(() => app.db.waiting() >= 1);

      // a new resident's application is refused at once, while the database is still held
      const refused = await s.apply(late, 'gl');
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('2');
      expect(await refused.json()).toEqual({
        detail: t('gl', 'server_busy'),
        code: 'server_busy',
      });
      // so is a resident's read
      const read = await fetch(`${app.baseUrl}${APPLICATIONS}`, { headers: late.account.headers });
      expect(read.status).toBe(503);

      // the bank's notification and staff's call are admitted (they wait their turn)
      const notification = app.form(
        '/api/payments/notification',
        signedNotification(notificationParams(order.order, Math.round(order.amount * 100))),
      );
      const staff = fetch(`${app.baseUrl}/api/admin/activities-crud/`, {
        headers: s.admin.headers,
      });
      const health = fetch(`${app.baseUrl}/api/health`);
      // nor are the web app's files and the metrics, answered while the database is still held
      expect((await app.fetch('/')).status).toBe(200);
      const metrics = await app.fetch('/metrics', {
        headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toMatch(/^portal_db_waiting_calls [1-9]/m);
      await release();

      expect((await admitted).status).toBe(201);
      const bank = await notification;
      expect(bank.status).toBe(200);
      expect(await bank.json()).toEqual({ status: 'paid', code: 'notification_applied' });
      expect((await staff).status).toBe(200);
      expect((await health).status).toBe(200);

      // the refused application wrote nothing; the admitted one is the only one
      expect(await s.count()).toBe(1);
      expect(
        Number(
          await app.value(
            sql`SELECT count(*) FROM applications WHERE user_id = ${late.account.id}`,
          ),
        ),
      ).toBe(0);
      expect((await shedCount(app, 'database_waiting')) - shedBefore).toBe(2);
      const lines = app.logs.filter((line) => line.includes('server busy'));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0] as string)).toMatchObject({
        reason: 'database_waiting',
        bound: 1,
      });

      // once the queue has gone, the same resident's retry is admitted
      expect((await s.apply(late)).status).toBe(201);
      expect(await s.count()).toBe(2);
    });
  });

  describe('past the bound on writes in flight', () => {
    let s: Scene;
    beforeAll(async () => {
      s = await scene({
        SHED_WRITES_IN_FLIGHT: '1',
        SHED_DATABASE_WAITING: '0',
        SHED_EVENT_LOOP_DELAY_MS: '0',
      });
    });
    afterAll(() => s.app.close());

    it('refuses a second application while one runs, but not a read', async () => {
      const { app } = s;
      const first = await household(app);
      const second = await household(app);
      const release = await holdDatabase(app);
      const running = s.apply(first);
      await until(() => app.db.waiting() >= 1);
      const refused = await s.apply(second, 'en');
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('2');
      expect(((await refused.json()) as { detail: string }).detail).toBe(t('en', 'server_busy'));
      const read = fetch(`${app.baseUrl}${APPLICATIONS}`, { headers: second.account.headers });
      await release();
      expect((await running).status).toBe(201);
      expect((await read).status).toBe(200);
      expect(await s.count()).toBe(1);
      expect(await shedCount(app, 'writes_in_flight')).toBe(1);
      // the write done, the next one is admitted
      expect((await s.apply(second)).status).toBe(201);
    });
  });

  describe('past the bound on the event loop’s delay', () => {
    let s: Scene;
    beforeAll(async () => {
      s = await scene({ SHED_EVENT_LOOP_DELAY_MS: '150', SHED_DATABASE_WAITING: '0' });
    });
    afterAll(() => s.app.close());

    it(
      'refuses new residents’ calls while the loop was held, not staff’s, and admits again after',
      {
        timeout: 20_000,
      },
      async () => {
        const { app } = s;
        const resident = await household(app);
        // a quiet moment; one long task (600 ms) is not a queue: nothing is refused
        await new Promise((resolve) => setTimeout(resolve, 1100));
        blockEventLoop(600);
        await new Promise((resolve) => setTimeout(resolve, 120));
        expect((await s.app.fetch('/api/catalogue')).status).toBe(200);
        // then the loop held again and again (a queue): each tick of the monitor, due 100 ms after
        // the last, runs ~200 ms late
        for (let i = 0; i < 8; i++) {
          blockEventLoop(300);
          await new Promise((resolve) => setImmediate(resolve));
        }
        const refused = await s.apply(resident);
        expect(refused.status).toBe(503);
        expect(((await refused.json()) as { code: string }).code).toBe('server_busy');
        const staff = await fetch(`${app.baseUrl}/api/admin/activities-crud/`, {
          headers: s.admin.headers,
        });
        expect(staff.status).toBe(200);
        expect(await s.count()).toBe(0);
        expect(await shedCount(app, 'event_loop_delay')).toBe(1);
        // a quiet second later the delay has left the window
        await new Promise((resolve) => setTimeout(resolve, 1100));
        expect((await s.apply(resident)).status).toBe(201);
      },
    );
  });
});
