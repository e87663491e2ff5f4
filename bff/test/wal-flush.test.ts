import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledStatement } from '../src/data/compiled-query.js';
import type { Database } from '../src/data/database.js';
import { databaseFailureOf } from '../src/data/engines.js';
import { createPaymentsRepo } from '../src/data/payments-repo.js';
import { createRateBucketsRepo } from '../src/data/rate-buckets-repo.js';
import { WalFlushFailed } from '../src/data/sqlite-wal-flush.js';
import { openTestDatabase, testEngine } from './helpers/test-database.js';

/**
 * SQLite commits without waiting for the disk on the event loop, and a write's caller is
 * answered only after the WAL has been flushed to disk off it (sqlite-wal-flush.ts): each
 * acknowledged durable write has had a flush begin after it, writes at the same moment share one,
 * and writes marked not durable (a throttle's count, the receipt's claim) wait for none. On
 * PostgreSQL nothing of this exists, and the same writes count as before.
 */
describe('writes acknowledged once on disk', () => {
  let dataDir: string;
  let db: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-wal-flush-'));
    ({ db, drop } = await openTestDatabase(dataDir));
  });
  afterAll(async () => {
    await db.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const insert = (durable: boolean) =>
    compiledStatement(
      (q, p: { bucket: string }) =>
        q.insertInto('rate_buckets').values({ bucket: p.bucket, hits: 1, reset_at: 0 }),
      { durable },
    );
  const durableWrite = insert(true);
  const markedWrite = insert(false);
  const read = compiledStatement((q, p: { bucket: string }) =>
    q.selectFrom('rate_buckets').select('hits').where('bucket', '=', p.bucket),
  );
  /** Runs fn and answers how many WAL flushes finished before its promise resolved. */
  const flushesDuring = async (fn: () => Promise<unknown>) => {
    const before = db.walFlushes();
    await fn();
    return db.walFlushes() - before;
  };

  it.runIf(testEngine === 'sqlite')('answers a write once a flush after it is done', async () => {
    expect(await flushesDuring(() => durableWrite.run(db, { bucket: 'a' }))).toBe(1);
    expect(
      await flushesDuring(() => db.transaction(() => markedWrite.run(db, { bucket: 'b' }))),
    ).toBe(1);
    // a read waits for nothing
    expect(await flushesDuring(() => read.first(db, { bucket: 'a' }))).toBe(0);
  });

  it.runIf(testEngine === 'sqlite')(
    'answers a marked write outside a transaction at once',
    async () => {
      expect(await flushesDuring(() => markedWrite.run(db, { bucket: 'c' }))).toBe(0);
      expect(await read.first(db, { bucket: 'c' })).toEqual({ hits: 1 });
    },
  );

  it.runIf(testEngine === 'sqlite')(
    'shares a flush between writes made at the same moment',
    async () => {
      const writes = Array.from({ length: 20 }, (_, i) =>
        db.transaction(() => durableWrite.run(db, { bucket: `together-${i}` })),
      );
      const flushes = await flushesDuring(() => Promise.all(writes));
      expect(flushes).toBeGreaterThanOrEqual(1);
      expect(flushes).toBeLessThan(5);
    },
  );

  it('answers a flush that failed as the database unavailable (503), as a failed fsync', () => {
    expect(
      databaseFailureOf(new WalFlushFailed(Object.assign(new Error('EIO'), { code: 'EIO' }))),
    ).toBe('unavailable');
  });

  it('counts a throttle and claims a receipt as before, waiting for no flush', async () => {
    const buckets = createRateBucketsRepo(db);
    const bucket = 'login:pair:12345678Z';
    const now = Date.UTC(2026, 10, 29, 9);
    const flushes = await flushesDuring(async () => {
      expect((await buckets.add(bucket, now, 60_000)).hits).toBe(1);
      expect((await buckets.add(bucket, now + 1, 60_000)).hits).toBe(2);
      await buckets.subtract(bucket, 1, now + 2);
      expect(await buckets.hits(bucket, now + 3)).toBe(1);
      // a window that has ended starts again at 1
      expect((await buckets.add(bucket, now + 60_001, 60_000)).hits).toBe(1);
      await buckets.clear(bucket);
      expect(await buckets.window(bucket, now + 60_002)).toBeUndefined();
      // no such payment: nobody claims it
      expect(await createPaymentsRepo(db).claimReceiptMail(-1, new Date(now).toISOString())).toBe(
        false,
      );
    });
    expect(flushes).toBe(0);
  });
});
