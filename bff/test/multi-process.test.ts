import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/data/open-database.js';
import type { Database } from '../src/data/database.js';
import { createActivitiesRepo } from '../src/data/activities-repo.js';
import { createEnrolmentsRepo } from '../src/data/enrolments-repo.js';
import { createPersonsRepo } from '../src/data/persons-repo.js';
import { createUsersRepo } from '../src/data/users-repo.js';
import { hashPasswordSync } from '../src/services/passwords.js';
import { startServerProcess, type ServerProcess } from './helpers/server-process.js';
import { freshDatabaseUrl } from './helpers/test-database.js';
import { notificationParams, signedNotification } from './payments/helpers.js';

const ADMIN = { dni: '33445566R', password: 'concello-deportes-2026' };
const RESIDENT = { dni: '12345678Z', password: 'piscina-cuberta-2026' };

/**
 * Two real server processes on one database, as behind a load balancer: whatever one of them
 * changes, the other's very next answer shows; limits and payments hold across both. Runs on
 * SQLite (two processes on one file) and on PostgreSQL.
 */
describe('two server processes on one database', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let db: Database;
  let drop: () => Promise<void>;
  let dataDir: string;
  let personId: number;
  let activityId: number;
  let residentId: number;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-multi-'));
    const database = await freshDatabaseUrl();
    drop = database.drop;
    const env = {
      DATA_DIR: dataDir,
      JWT_SECRET: 'multi-process-secret-long-enough-for-hs256-0123456789',
      ADMIN_DNI: ADMIN.dni,
      ADMIN_PASSWORD: ADMIN.password,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    };
    // started together on an empty database: one migrates and creates the admin, the other waits
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    db = await openDatabase({ databaseUrl: database.url, dataDir });
    const users = createUsersRepo(db);
    residentId = await users.insert({
      dni: RESIDENT.dni,
      phone: '612345678',
      email: null,
      password_hash: hashPasswordSync(RESIDENT.password),
      role: 'user',
      verified: true,
    });
    personId = await createEnrolmentsRepo(db).insert({
      first_name: 'Uxía',
      last_name: 'Pereira Souto',
      dni: '87654321X',
      email: null,
      phone: '622334455',
    });
    activityId = await createActivitiesRepo(db).insert({
      name: 'Natación',
      price_cents: 3000,
      start_date: '2026-10-01',
    });
    await createEnrolmentsRepo(db).addLink(personId, activityId);
    await createPersonsRepo(db).link(residentId, personId);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (server: ServerProcess, path: string, init: RequestInit = {}) =>
    fetch(`${server.baseUrl}/api${path}`, init);
  const json = (
    server: ServerProcess,
    path: string,
    method: string,
    body: unknown,
    token?: string,
  ) =>
    call(server, path, {
      method,
      headers: {
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  async function login(server: ServerProcess, who: { dni: string; password: string }) {
    const res = await json(server, '/user/login', 'POST', {
      username: who.dni,
      password: who.password,
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  }
  const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

  it('migrated once and created one administrator although both started together', async () => {
    const admins = await db
      .q()
      .selectFrom('users')
      .select('dni')
      .where('role', '=', 'admin')
      .execute();
    expect(admins).toEqual([{ dni: ADMIN.dni }]);
  });

  it('shows a settings change made through one process on the other one’s next call', async () => {
    const admin = await login(a, ADMIN);
    const saved = await json(
      a,
      '/admin/config/',
      'PUT',
      {
        maintenance_mode: false,
        payments_enabled: true,
        global_discount: 0.25,
        deadline_date: '2099-12-31',
      },
      admin,
    );
    expect(saved.status).toBe(200);
    const config = (await (await call(b, '/config')).json()) as { global_discount: number };
    expect(config.global_discount).toBe(0.25);
  });

  it('shows a new price made through one process on the other one’s next call', async () => {
    const resident = await login(b, RESIDENT);
    const before = (await (
      await call(b, `/user/activities/${personId}`, auth(resident))
    ).json()) as {
      price: number;
    }[];
    expect(before[0]?.price).toBe(30);
    const admin = await login(a, ADMIN);
    const res = await json(
      a,
      `/admin/activities-crud/${activityId}`,
      'PUT',
      { name: 'Natación', price: 45, start_date: '2026-10-01' },
      admin,
    );
    expect(res.status).toBe(200);
    const after = (await (
      await call(b, `/user/activities/${personId}`, auth(resident))
    ).json()) as {
      price: number;
    }[];
    expect(after[0]?.price).toBe(45);
  });

  it('marks an order paid once when its notification reaches both processes at once', async () => {
    const resident = await login(a, RESIDENT);
    for (let round = 0; round < 3; round++) {
      await db
        .q()
        .updateTable('enrolment_activities')
        .set({ is_paid: 0, paid_at: null, paid_payment_id: null, paid_amount_cents: null })
        .execute();
      const generated = await json(
        a,
        '/payments/generate-multiple/',
        'POST',
        { person_activity_id: personId, activity_ids: [activityId], use_discount: false },
        resident,
      );
      expect(generated.status).toBe(200);
      const { order, amount } = (await generated.json()) as { order: string; amount: number };
      const form = new URLSearchParams(
        signedNotification(notificationParams(order, Math.round(amount * 100))),
      ).toString();
      const post = (server: ServerProcess) =>
        call(server, '/payments/notification', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: form,
        });
      const answers = await Promise.all([post(a), post(b), post(a), post(b)]);
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const codes = (await Promise.all(answers.map((r) => r.json()))) as { code: string }[];
      expect(codes.filter((c) => c.code === 'notification_applied')).toHaveLength(1);
      expect(codes.filter((c) => c.code === 'notification_repeated')).toHaveLength(3);
      const payment = await db
        .q()
        .selectFrom('payments')
        .select(['id', 'status'])
        .where('order_code', '=', order)
        .executeTakeFirstOrThrow();
      expect(payment.status).toBe('paid');
      const link = await db
        .q()
        .selectFrom('enrolment_activities')
        .select(['is_paid', 'paid_payment_id'])
        .executeTakeFirstOrThrow();
      expect(link).toEqual({ is_paid: 1, paid_payment_id: payment.id });
      const applied = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM audit_log
        WHERE action = 'payment.paid' AND entity_id = ${String(payment.id)}`.execute(db.q());
      expect(Number(applied.rows[0]?.n)).toBe(1);
    }
  });

  it('ends a session on the other process at once when the password changes', async () => {
    const resident = await login(b, RESIDENT);
    expect((await call(b, '/user/me', auth(resident))).status).toBe(200);
    const admin = await login(a, ADMIN);
    const changed = await json(
      a,
      `/admin/users/${residentId}`,
      'PUT',
      {
        dni: RESIDENT.dni,
        phone: '612345678',
        password: 'nueva-clave-piscina-2026',
        repeat_password: 'nueva-clave-piscina-2026',
      },
      admin,
    );
    expect(changed.status).toBe(200);
    expect((await call(b, '/user/me', auth(resident))).status).toBe(401);
    RESIDENT.password = 'nueva-clave-piscina-2026';
  });

  // last: it also uses up this client address's failed-login allowance
  it('holds a login throttle reached through one process on the other', async () => {
    // five failures for one DNI from one address (login-throttle.ts)
    for (let i = 0; i < 5; i++) {
      const res = await json(a, '/user/login', 'POST', {
        username: RESIDENT.dni,
        password: 'not-the-password',
      });
      expect(res.status).toBe(401);
    }
    const res = await json(b, '/user/login', 'POST', {
      username: RESIDENT.dni,
      password: RESIDENT.password,
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a logout through one process ends that token on the other at once, and only that one', async () => {
    // the administrator: the resident's logins are throttled by the test before
    const ending = await login(a, ADMIN);
    const staying = await login(b, ADMIN);
    // b has checked the token's signature already (and keeps it verified in memory)
    expect((await call(b, '/user/me', auth(ending))).status).toBe(200);
    expect((await call(a, '/user/logout', { method: 'POST', ...auth(ending) })).status).toBe(204);
    expect((await call(b, '/user/me', auth(ending))).status).toBe(401);
    expect((await call(a, '/user/me', auth(staying))).status).toBe(200);
    expect((await call(b, '/user/me', auth(staying))).status).toBe(200);
  });

  it('finishes a request in flight on SIGTERM, refuses new ones, and exits 0', async () => {
    // a request whose body is still arriving when the signal comes
    const { request } = await import('node:http');
    const url = new URL(`${b.baseUrl}/api/user/login`);
    const body = JSON.stringify({ username: ADMIN.dni, password: ADMIN.password });
    const answer = new Promise<number>((done, fail) => {
      const req = request(
        url,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Content-Length': body.length },
        },
        (res) => {
          res.resume();
          done(res.statusCode ?? 0);
        },
      );
      req.on('error', fail);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        b.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 200);
    });
    expect([200, 429]).toContain(await answer);
    await expect(fetch(`${b.baseUrl}/api/health`)).rejects.toThrow();
    expect(await b.stop()).toBe(0);
  });
});
