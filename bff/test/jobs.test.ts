import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/data/open-database.js';
import type { Database } from '../src/data/database.js';
import { createJobLeasesRepo } from '../src/data/job-leases-repo.js';
import { fixedClock } from '../src/lib/clock.js';
import { createLogger } from '../src/logger.js';
import { createJobRunner } from '../src/services/jobs/job-runner.js';
import { freshDatabaseUrl } from './helpers/test-database.js';

/**
 * Background jobs with two processes on one database: each process has its own connection and
 * its own runner, as two servers would.
 */
describe('background jobs under a lease', () => {
  let dataDir: string;
  let drop: () => Promise<void>;
  let one: Database;
  let two: Database;
  const clock = fixedClock('2026-11-24T10:00:00Z');
  const logger = createLogger('silent');

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-jobs-'));
    const database = await freshDatabaseUrl();
    drop = database.drop;
    one = await openDatabase({ databaseUrl: database.url, dataDir });
    two = await openDatabase({ databaseUrl: database.url, dataDir });
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const runners = (job: () => Promise<unknown>, everyMs = 60_000) =>
    [one, two].map((db) => {
      const runner = createJobRunner({ leases: createJobLeasesRepo(db), clock, logger });
      runner.register({ name: 'reconcile', everyMs, ttlMs: 30_000, run: job });
      return runner;
    });

  it('runs a job once when both processes ask at the same moment', async () => {
    let runs = 0;
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    const [a, b] = runners(async () => {
      runs++;
      await held;
      return 'done';
    });
    const first = a!.runNow('reconcile');
    await new Promise((done) => setTimeout(done, 50));
    const second = await b!.runNow('reconcile');
    expect(second).toEqual({ ran: false });
    release();
    expect(await first).toEqual({ ran: true, result: 'done' });
    expect(runs).toBe(1);
    // free again once the first run ended
    expect((await b!.runNow('reconcile')).ran).toBe(true);
    expect(runs).toBe(2);
  });

  it('takes over a lease whose holder died halfway once it expires', async () => {
    const leases = createJobLeasesRepo(one);
    expect(
      await leases.acquire('reminders', 'dead-process', clock.now().getTime(), 30_000, 0),
    ).toBe(true);
    let runs = 0;
    const runner = createJobRunner({ leases: createJobLeasesRepo(two), clock, logger });
    runner.register({ name: 'reminders', everyMs: 60_000, ttlMs: 30_000, run: async () => runs++ });
    expect((await runner.runNow('reminders')).ran).toBe(false);
    clock.advance(31_000);
    expect((await runner.runNow('reminders')).ran).toBe(true);
    expect(runs).toBe(1);
  });

  it('on its timer, skips a turn another process took less than `everyMs` ago', async () => {
    const leases = [createJobLeasesRepo(one), createJobLeasesRepo(two)];
    const now = clock.now().getTime();
    expect(await leases[0]!.acquire('expire', 'a', now, 30_000, 60_000)).toBe(true);
    await leases[0]!.release('expire', 'a', now);
    // the other process's timer fires a moment later: not its turn yet
    expect(await leases[1]!.acquire('expire', 'b', now + 1_000, 30_000, 60_000)).toBe(false);
    expect(await leases[1]!.acquire('expire', 'b', now + 61_000, 30_000, 60_000)).toBe(true);
  });
});
