import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivitiesRepo } from '../../src/data/activities-repo.js';
import type { Database } from '../../src/data/database.js';
import { createEnrolmentsRepo } from '../../src/data/enrolments-repo.js';
import { openDatabase } from '../../src/data/open-database.js';
import { createPersonsRepo } from '../../src/data/persons-repo.js';
import { createUsersRepo } from '../../src/data/users-repo.js';
import { createTokenService } from '../../src/services/token-service.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { freshDatabaseUrl } from '../helpers/test-database.js';

const SECRET = 'kill-mid-rush-secret-long-enough-for-hs256-0123456789';
const RESIDENTS = 300;
const PLACES = 100;
const dniOf = (n: number) => `${n}${'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}`;

/**
 * The server process killed (SIGKILL, no goodbye) in the middle of a rush of applications, on
 * both engines: every application it acknowledged (201) is in the database afterwards, as it was
 * answered; no place is given twice; and the residents' web app, retrying each click with its key
 * on the restarted server, gets the first answer again for an acknowledged click and a place or a
 * waitlist position for the others.
 */
describe('a process killed mid-rush', () => {
  let server: ServerProcess;
  let db: Database;
  let drop: () => Promise<void>;
  let dataDir: string;
  let env: Record<string, string>;
  let activity: number;
  const residents: { token: string; person: number }[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-kill-'));
    const database = await freshDatabaseUrl();
    drop = database.drop;
    env = {
      DATA_DIR: dataDir,
      JWT_SECRET: SECRET,
      // every call admitted: the test is about what a crash keeps, not about shedding
      SHED_EVENT_LOOP_DELAY_MS: '0',
      SHED_WRITES_IN_FLIGHT: '0',
      SHED_DATABASE_WAITING: '0',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    };
    server = await startServerProcess(env);
    db = await openDatabase({ databaseUrl: database.url, dataDir });
    const tokens = createTokenService(SECRET, 3600);
    const users = createUsersRepo(db);
    const enrolments = createEnrolmentsRepo(db);
    const persons = createPersonsRepo(db);
    activity = await createActivitiesRepo(db).insert({
      name: 'Natación primeira quenda',
      price_cents: 4000,
      start_date: '2027-01-11',
    });
    await sql`UPDATE activities SET allocation = 'first_come', capacity = ${PLACES},
      applications_open_at = ${new Date(Date.now() - 3_600_000).toISOString()},
      applications_close_at = ${new Date(Date.now() + 86_400_000).toISOString()}
      WHERE id = ${activity}`.execute(db.q());
    await db.transaction(async () => {
      for (let r = 0; r < RESIDENTS; r++) {
        const dni = dniOf(40_000_000 + r);
        const id = await users.insert({
          dni,
          phone: String(650_000_000 + r),
          email: null,
          password_hash: 'not-used',
          role: 'user',
          verified: true,
        });
        const person = await enrolments.insert({
          first_name: 'Persoa',
          last_name: `Apresurada ${r}`,
          dni: dniOf(41_000_000 + r),
          email: null,
          phone: String(650_000_000 + r),
          birth_date: '2015-06-01',
        });
        await persons.link(id, person);
        residents.push({
          token: await tokens.issue({ id, dni, role: 'user', token_version: 0 }),
          person,
        });
      }
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await db?.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const send = (baseUrl: string, r: number, activityId = activity) =>
    fetch(`${baseUrl}/api/user/applications`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${residents[r]!.token}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': `click-${r}-${activityId}`,
      },
      body: JSON.stringify({ person_activity_id: residents[r]!.person, activity_id: activityId }),
    });

  it('keeps every acknowledged application, and the retries end the rush', async () => {
    const acknowledged = new Map<number, { code: string; status: string }>();
    let killed = false;
    const calls = residents.map(async (_, r) => {
      try {
        const res = await send(server.baseUrl, r);
        if (res.status !== 201) return;
        const body = (await res.json()) as { code: string; status: string };
        acknowledged.set(r, { code: body.code, status: body.status });
        // killed while most calls are still waiting for their batch
        if (acknowledged.size >= 40 && !killed) {
          killed = true;
          server.child.kill('SIGKILL');
        }
      } catch {
        // the process died under this call: no answer, nothing promised
      }
    });
    await Promise.all(calls);
    expect(killed).toBe(true);
    expect(acknowledged.size).toBeGreaterThanOrEqual(40);
    expect(acknowledged.size).toBeLessThan(RESIDENTS);

    const stored = await sql<{ enrolment_id: number; code: string; status: string }>`
      SELECT enrolment_id, code, status FROM applications WHERE activity_id = ${activity}
      ORDER BY id`.execute(db.q());
    const byPerson = new Map(stored.rows.map((row) => [row.enrolment_id, row]));
    for (const [r, answer] of acknowledged) {
      expect(byPerson.get(residents[r]!.person)).toMatchObject(answer);
    }
    const offeredBefore = stored.rows.filter((row) => row.status === 'offered').length;
    expect(offeredBefore).toBeLessThanOrEqual(PLACES);

    // the supervisor starts it again; every resident's app retries its click with its key
    server = await startServerProcess(env);
    const retried = await Promise.all(
      residents.map(async (_, r) => {
        const res = await send(server.baseUrl, r);
        return {
          r,
          status: res.status,
          body: (await res.json()) as { code: string; status: string },
        };
      }),
    );
    for (const { r, status, body } of retried) {
      expect(status).toBe(201);
      const first = acknowledged.get(r);
      if (first) expect(body).toMatchObject(first);
    }
    const after = await sql<{ status: string; n: number }>`
      SELECT status, count(*) AS n FROM applications WHERE activity_id = ${activity}
      GROUP BY status ORDER BY status`.execute(db.q());
    expect(after.rows.map((row) => [row.status, Number(row.n)])).toEqual([
      ['offered', PLACES],
      ['waitlisted', RESIDENTS - PLACES],
    ]);
    const links = await sql<{ n: number }>`
      SELECT count(*) AS n FROM enrolment_activities WHERE activity_id = ${activity}`.execute(
      db.q(),
    );
    expect(Number(links.rows[0]!.n)).toBe(PLACES);
  }, 120_000);

  // SQLite's file is the server's to write; PostgreSQL stopped during writes is
  // test/database-away.test.ts's
  it.skipIf(process.env.TEST_DATABASE_URL !== undefined)(
    'answers a rush 503 database_unavailable while the disk refuses writes, then serves it',
    async () => {
      const second = await createActivitiesRepo(db).insert({
        name: 'Pádel primeira quenda',
        price_cents: 4000,
        start_date: '2027-01-11',
      });
      await sql`UPDATE activities SET allocation = 'first_come', capacity = ${PLACES},
        applications_open_at = ${new Date(Date.now() - 3_600_000).toISOString()},
        applications_close_at = ${new Date(Date.now() + 86_400_000).toISOString()}
        WHERE id = ${second}`.execute(db.q());
      const some = residents.slice(0, 60).map((_, r) => r);
      // the kernel refuses every write the server makes to a file (as a full or failing disk)
      const limit = (size: string) =>
        execFileSync('prlimit', ['--pid', String(server.child.pid), `--fsize=${size}:unlimited`]);
      limit('0');
      const refused = await Promise.all(some.map((r) => send(server.baseUrl, r, second)));
      limit('unlimited');
      for (const res of refused) {
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('5');
        expect(((await res.json()) as { code: string }).code).toBe('database_unavailable');
      }
      const stored = await sql<{ n: number }>`
        SELECT count(*) AS n FROM applications WHERE activity_id = ${second}`.execute(db.q());
      expect(Number(stored.rows[0]!.n)).toBe(0);
      // the residents' apps retry (the server notices the disk is back by itself)
      const deadline = Date.now() + 30_000;
      let statuses: number[] = [];
      while (Date.now() < deadline) {
        statuses = await Promise.all(
          some.map(async (r) => (await send(server.baseUrl, r, second)).status),
        );
        if (statuses.every((status) => status === 201)) break;
        expect(statuses.every((status) => status === 201 || status === 503)).toBe(true);
        await new Promise((done) => setTimeout(done, 500));
      }
      expect(statuses).toEqual(some.map(() => 201));
    },
    60_000,
  );
});
