import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_PRUNE_BATCH, AUDIT_REPEAT_WINDOW_MS } from '../src/data/audit-repo.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { listAudit } from '../src/generated/sdk.gen.js';
import { LOGIN_LIMITS } from '../src/services/residents/login-throttle.js';
import { createAccount, nextDni, type Account } from './admin/factory.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';
import { factory } from './payments/factory.js';
import { generate } from './payments/helpers.js';
import { PASSWORD } from './residents/helpers.js';

/** Issue 47, item 8: repeated refusals are counted in one row; old entries are pruned. */
describe('the audit log counts repeated refusals in one row', () => {
  let app: TestApp;
  let admin: Account;
  let hash: string;
  let subnet = 0;
  const fresh = () => `198.20.${++subnet}.1`;

  const login = (dni: string, password: string, ip: string) =>
    app.fetch('/api/user/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': ip },
      body: new URLSearchParams({ username: dni, password }),
    });

  async function resident(): Promise<{ id: number; dni: string }> {
    const dni = nextDni();
    const id = await app.deps.repos.users.insert({
      dni,
      phone: '612345678',
      email: null,
      password_hash: hash,
      role: 'user',
      verified: true,
    });
    return { id, dni };
  }

  interface Row {
    action: string;
    repeats: number;
    actor_dni: string | null;
    actor_user_id: number | null;
    ip: string | null;
    details: string | null;
    at: string;
    last_at: string;
  }
  const rowsWhere = (condition: ReturnType<typeof sql>) =>
    app.rows<Row>(
      sql`SELECT action, repeats, actor_dni, actor_user_id, ip, details, at, last_at FROM audit_log WHERE ${condition} ORDER BY id`,
    );

  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: '1' } });
    admin = await createAccount(app, 'admin');
    hash = await app.deps.passwords.hash(PASSWORD);
  });
  afterAll(() => app.close());
  // a window of its own for each test
  beforeEach(() => app.clock.advance(AUDIT_REPEAT_WINDOW_MS + 60_000));

  it('700 throttled logins from one client, 50 at a time, leave two rows that count them all', async () => {
    const { id, dni } = await resident();
    const ip = fresh();
    const statuses: number[] = [];
    for (let burst = 0; burst < 14; burst++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => login(dni, `adivina-${burst}-${i}`, ip)),
      );
      for (const res of answers) {
        statuses.push(res.status);
        await res.body?.cancel();
      }
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(
      LOGIN_LIMITS.perAccountAndAddress,
    );
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      700 - LOGIN_LIMITS.perAccountAndAddress,
    );

    // the refusals were written while the five checks were still hashing: sorted by action
    const rows = (await rowsWhere(sql`ip = ${ip}`)).sort((a, b) =>
      a.action.localeCompare(b.action),
    );
    expect(rows.map((row) => [row.action, Number(row.repeats)])).toEqual([
      ['login_failed', LOGIN_LIMITS.perAccountAndAddress],
      ['login_throttled', 700 - LOGIN_LIMITS.perAccountAndAddress],
    ]);
    // every repeat was for this one account from this one address: the row keeps both
    expect(rows[0]).toMatchObject({ actor_user_id: id, actor_dni: `****${dni.slice(-5)}` });
    expect(rows[1]).toMatchObject({ actor_dni: `****${dni.slice(-5)}`, ip });
    expect(JSON.parse(rows[1]!.details!)).toEqual({ limit: 'pair' });

    // the next window starts a row of its own
    app.clock.advance(AUDIT_REPEAT_WINDOW_MS);
    expect((await login(dni, 'otra-mala', ip)).status).toBe(401);
    expect(await rowsWhere(sql`ip = ${ip}`)).toHaveLength(3);

    // staff see the count and the last time
    const { data } = await listAudit({
      client: app.api,
      headers: admin.headers,
      throwOnError: true,
      query: { q: ip, sort: 'action', order: 'asc' },
    });
    expect(data.items.map((item) => [item.action, item.repeats])).toEqual([
      ['login_failed', LOGIN_LIMITS.perAccountAndAddress],
      ['login_failed', 1],
      ['login_throttled', 700 - LOGIN_LIMITS.perAccountAndAddress],
    ]);
    const throttled = data.items[2]!;
    expect(throttled.last_at >= throttled.at).toBe(true);
    expect(data.items[1]!.last_at).toBe(data.items[1]!.at);
    expect(data.items[1]!.at > data.items[0]!.last_at).toBe(true);
  });

  it('refusals for one account from many addresses are one row, without an address', async () => {
    const { dni } = await resident();
    const addresses = Array.from({ length: 30 }, fresh);
    for (const ip of addresses) await login(dni, 'desde-lejos', ip);
    const throttled = await rowsWhere(
      sql`action = 'login_throttled' AND actor_dni = ${`****${dni.slice(-5)}`}`,
    );
    expect(throttled).toHaveLength(1);
    expect(throttled[0]).toMatchObject({ repeats: 30 - LOGIN_LIMITS.perAccount, ip: null });
    expect(JSON.parse(throttled[0]!.details!)).toEqual({ limit: 'account' });
  });

  it('a spraying address is one row per kind, naming no DNI', async () => {
    const ip = fresh();
    const sprayed = LOGIN_LIMITS.perAddressDistinctDnis + 10;
    for (let i = 0; i < sprayed; i++)
      await (await login(nextDni(), 'verano2026', ip)).body?.cancel();
    const rows = await rowsWhere(sql`ip = ${ip}`);
    expect(rows.map((row) => [row.action, Number(row.repeats), row.actor_dni])).toEqual([
      ['login_failed', LOGIN_LIMITS.perAddressDistinctDnis, null],
      ['login_throttled', 10, null],
    ]);
  });

  it('wrong registration codes from one address are one row', async () => {
    const ip = fresh();
    for (let i = 0; i < 12; i++) {
      const res = await app.json(
        '/api/user/verify',
        'POST',
        { dni: nextDni(), otp_code: '000000' },
        { 'X-Forwarded-For': ip },
      );
      expect(res.status).toBe(400);
    }
    const rows = await rowsWhere(sql`ip = ${ip}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'code_failed', repeats: 12, actor_dni: null });
  });

  it('events that are not refusals still get a row each', async () => {
    const { dni } = await resident();
    const ip = fresh();
    for (let i = 0; i < 3; i++) expect((await login(dni, PASSWORD, ip)).status).toBe(200);
    const rows = await rowsWhere(sql`ip = ${ip}`);
    expect(rows.map((row) => [row.action, Number(row.repeats)])).toEqual([
      ['login_success', 1],
      ['login_success', 1],
      ['login_success', 1],
    ]);
  });
});

describe('audit retention', () => {
  const DAY = 86_400_000;
  let app: TestApp;
  let f: ReturnType<typeof factory>;

  const count = async (where: ReturnType<typeof sql>) =>
    Number(await app.value(sql`SELECT COUNT(*) FROM audit_log WHERE ${where}`));
  const actions = () =>
    app.column<string>(sql`SELECT DISTINCT action FROM audit_log ORDER BY action`);
  const housekeeping = async () => {
    const turn = await app.deps.jobs.runNow<{ audit_entries_pruned: number }>('housekeeping');
    expect(turn.ran).toBe(true);
    return turn.result!.audit_entries_pruned;
  };
  const record = (action: string) =>
    app.deps.repos.audit.record({ actorUserId: null, actorDni: null, action, ip: '203.0.113.9' });

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-21T10:00:00Z' });
    f = factory(app);
  });
  afterAll(() => app.close());

  it('deletes security entries after a year and accounting ones after six, in batches; payments stay', async () => {
    // a real payment: its order is an accounting entry (payment.create)
    await f.settings({ payments_enabled: true, discount_bp: 0, deadline: '2026-12-15' });
    const { user, person, activities } = await f.household([4500]);
    await generate(app, user.token, {
      person_activity_id: person.id,
      activity_ids: activities,
      use_discount: false,
    });
    for (const action of ['payment.refund_succeeded', 'activity.update', 'config.update'])
      await record(action);
    for (const action of ['login_failed', 'code_failed', 'user.update', 'draw.run'])
      await record(action);
    // a big old log: more than one batch of security entries
    const bulk = AUDIT_PRUNE_BATCH * 2 + 500;
    const at = app.clock.now().toISOString();
    await app.exec(sql`WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${bulk})
      INSERT INTO audit_log (at, action, ip)
      SELECT CAST(${at} AS TEXT), 'login_throttled', '203.0.113.10' FROM n`);
    const payments = Number(await app.value(sql`SELECT COUNT(*) FROM payments`));
    expect(payments).toBe(1);
    const accounting = [
      'activity.update',
      'config.update',
      'payment.create',
      'payment.refund_succeeded',
    ];

    // 364 days on: nothing is old enough
    app.clock.advance(364 * DAY);
    await record('login_failed');
    expect(await housekeeping()).toBe(0);

    // a year and a day: the security entries of then go, the accounting ones and the newer stay
    app.clock.advance(2 * DAY);
    expect(await housekeeping()).toBe(bulk + 4);
    expect(await actions()).toEqual([...accounting, 'login_failed'].sort());
    expect(await count(sql`action = 'login_failed'`)).toBe(1);

    // six years less a day: accounting entries are still kept
    app.clock.set('2032-11-20T10:00:00Z');
    await housekeeping();
    expect(await actions()).toEqual(accounting);

    // past six years they go too; the payment itself never does
    app.clock.set('2032-11-22T10:00:00Z');
    expect(await housekeeping()).toBe(accounting.length);
    expect(await count(sql`1 = 1`)).toBe(0);
    expect(Number(await app.value(sql`SELECT COUNT(*) FROM payments`))).toBe(payments);
    expect(Number(await app.value(sql`SELECT COUNT(*) FROM payment_items`))).toBeGreaterThan(0);
  });

  it('entries written before migration 240 read as one event each', async () => {
    await app.exec(
      sql`INSERT INTO audit_log (at, action) VALUES (${app.clock.now().toISOString()}, 'old.entry')`,
    );
    const admin = await createAccount(app, 'admin');
    const { data } = await listAudit({
      client: app.api,
      headers: admin.headers,
      throwOnError: true,
      query: { q: 'old.entry' },
    });
    expect(data.items).toHaveLength(1);
    expect(data.items[0]).toMatchObject({ repeats: 1, last_at: data.items[0]!.at });
  });
});

describe('audit retention settings', () => {
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (err) {
      if (err instanceof ConfigError) return err.problems;
      throw err;
    }
  };

  it('default to a year and six years, and take other values within their bounds', () => {
    expect(loadConfig({}).audit).toEqual({ retentionDays: 365, accountingRetentionYears: 6 });
    expect(
      loadConfig({ AUDIT_RETENTION_DAYS: '90', AUDIT_ACCOUNTING_RETENTION_YEARS: '10' }).audit,
    ).toEqual({ retentionDays: 90, accountingRetentionYears: 10 });
  });

  it.each([
    [{ AUDIT_RETENTION_DAYS: '30' }, /AUDIT_RETENTION_DAYS must be a whole number from 90 to 3650/],
    [{ AUDIT_RETENTION_DAYS: 'a year' }, /AUDIT_RETENTION_DAYS must be a whole number/],
    [
      { AUDIT_ACCOUNTING_RETENTION_YEARS: '5' },
      /AUDIT_ACCOUNTING_RETENTION_YEARS must be a whole number from 6 to 30/,
    ],
    [{ AUDIT_ACCOUNTING_RETENTION_YEARS: '-6' }, /AUDIT_ACCOUNTING_RETENTION_YEARS/],
  ])('refuse %o', (env, problem) => {
    expect(problemsOf(env as Record<string, string>).join('\n')).toMatch(problem);
  });

  it('a shorter security period configured is what the job applies', async () => {
    const app = await startTestApp({ env: { AUDIT_RETENTION_DAYS: '90' } });
    try {
      await app.deps.repos.audit.record({
        actorUserId: null,
        actorDni: null,
        action: 'login_failed',
      });
      await app.deps.repos.audit.record({
        actorUserId: null,
        actorDni: null,
        action: 'payment.paid',
      });
      app.clock.advance(91 * 86_400_000);
      const turn = await app.deps.jobs.runNow<{ audit_entries_pruned: number }>('housekeeping');
      expect(turn.result?.audit_entries_pruned).toBe(1);
      expect(await app.column<string>(sql`SELECT action FROM audit_log ORDER BY id`)).toEqual([
        'payment.paid',
      ]);
    } finally {
      await app.close();
    }
  });
});
