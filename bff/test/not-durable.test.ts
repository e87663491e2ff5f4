import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { compiledStatement, NOT_DURABLE } from '../src/data/compiled-query.js';
import type { Database } from '../src/data/database.js';
import { createPaymentsRepo } from '../src/data/payments-repo.js';
import { createRateBucketsRepo } from '../src/data/rate-buckets-repo.js';
import { openTestDatabase, testEngine } from './helpers/test-database.js';

const NORMAL = 1;
const FULL = 2;

/**
 * Writes that need not wait for the disk (compiled-query.ts `durable: false`,
 * sqlite-not-durable.ts): on SQLite such a statement runs with `synchronous = NORMAL` outside a
 * transaction and the connection is FULL again after it; inside a transaction, and for every
 * other statement, FULL. The throttles' buckets are written so, and count as before, on both
 * engines.
 */
describe('writes that need not wait for the disk', () => {
  let dataDir: string;
  let db: Database;
  let drop: () => Promise<void>;
  /** Each statement the SQLite connection ran, with the level in force as it ran. */
  const ran: { text: string; level: number }[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-not-durable-'));
    ({ db, drop } = await openTestDatabase(dataDir));
    const raw = db.sqliteHandle;
    if (!raw) return;
    const level = () => raw.pragma('synchronous', { simple: true }) as number;
    const prepare = raw.prepare.bind(raw);
    raw.prepare = ((text: string) => {
      const statement = prepare(text);
      return new Proxy(statement, {
        get(target, name) {
          const value = Reflect.get(target, name) as unknown;
          if (name !== 'run' && name !== 'all' && name !== 'get') return value;
          return (...args: unknown[]) => {
            ran.push({ text, level: level() });
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
    }) as typeof raw.prepare;
  });
  beforeEach(() => {
    ran.length = 0;
  });
  afterAll(async () => {
    await db.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const fullNow = () => db.sqliteHandle?.pragma('synchronous', { simple: true });
  const levelOf = (pattern: RegExp) => ran.filter((r) => pattern.test(r.text)).map((r) => r.level);
  const writeOne = compiledStatement(
    (q, p: { bucket: string }) =>
      q.insertInto('rate_buckets').values({ bucket: p.bucket, hits: 1, reset_at: 0 }),
    { durable: false },
  );
  const writeOneDurably = compiledStatement((q, p: { bucket: string }) =>
    q.insertInto('rate_buckets').values({ bucket: p.bucket, hits: 1, reset_at: 1 }),
  );

  it.runIf(testEngine === 'sqlite')(
    'runs a marked write without the fsync, and only that write',
    async () => {
      await writeOneDurably.run(db, { bucket: 'a' });
      await writeOne.run(db, { bucket: 'b' });
      await writeOneDurably.run(db, { bucket: 'c' });
      expect(levelOf(/rate_buckets/)).toEqual([FULL, NORMAL, FULL]);
      expect(ran.filter((r) => r.text.startsWith(NOT_DURABLE)).length).toBe(1);
      expect(fullNow()).toBe(FULL);
    },
  );

  it.runIf(testEngine === 'sqlite')(
    "leaves a transaction's commit durable, mark or no mark",
    async () => {
      await db.transaction(() => writeOne.run(db, { bucket: 'd' }));
      expect(levelOf(/rate_buckets/)).toEqual([FULL]);
      expect(fullNow()).toBe(FULL);
    },
  );

  it.runIf(testEngine === 'sqlite')('is FULL again when the marked write fails', async () => {
    // the bucket exists: the insert fails on its key
    await expect(writeOne.run(db, { bucket: 'b' })).rejects.toThrow(/UNIQUE/);
    expect(fullNow()).toBe(FULL);
  });

  it('counts, gives back and clears a throttle as before, each write marked', async () => {
    const buckets = createRateBucketsRepo(db);
    const bucket = 'login:pair:12345678Z';
    const now = Date.UTC(2026, 10, 29, 9);
    expect((await buckets.add(bucket, now, 60_000)).hits).toBe(1);
    expect((await buckets.add(bucket, now + 1, 60_000)).hits).toBe(2);
    await buckets.subtract(bucket, 1, now + 2);
    expect(await buckets.hits(bucket, now + 3)).toBe(1);
    // a window that has ended starts again at 1
    expect((await buckets.add(bucket, now + 60_001, 60_000)).hits).toBe(1);
    await buckets.clear(bucket);
    expect(await buckets.window(bucket, now + 60_002)).toBeUndefined();
    if (testEngine === 'sqlite') {
      const writes = ran.filter((r) =>
        /\b(insert into|update|delete from) "rate_buckets"/i.test(r.text),
      );
      expect(writes.length).toBe(5);
      for (const write of writes) {
        expect(write.text.startsWith(NOT_DURABLE)).toBe(true);
        expect(write.level).toBe(NORMAL);
      }
      expect(fullNow()).toBe(FULL);
    }
  });

  it.runIf(testEngine === 'sqlite')("sends the receipt e-mail's claim marked", async () => {
    // no such payment: nobody claims it, and the statement still ran as marked
    expect(await createPaymentsRepo(db).claimReceiptMail(-1, new Date().toISOString())).toBe(false);
    const claims = ran.filter((r) => /update "payments" set "receipt_mailed_at"/.test(r.text));
    expect(claims.map((r) => [r.text.startsWith(NOT_DURABLE), r.level])).toEqual([[true, NORMAL]]);
    expect(fullNow()).toBe(FULL);
  });
});
