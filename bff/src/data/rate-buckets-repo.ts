import { sql } from 'kysely';
import { compiledStatement } from './compiled-query.js';
import type { Database } from './database.js';

/** Escapes LIKE's wildcards in a value matched literally. */
const likeLiteral = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

// A login writes three to nine of these, a checkout and a notification one each: compiled once
// (compiled-query.ts), and not durable: a throttle's last counts lost in a power cut let someone
// try a few more times, where waiting for the WAL's flush after each (sqlite-wal-flush.ts) made
// every login wait for several in turn (docs/performance.md, deadline day).
const notDurable = { durable: false };

/** One event counted, and the count after it. */
const addHit = compiledStatement(
  (db, p: { bucket: string; now: number; resetAt: number }) =>
    db
      .insertInto('rate_buckets')
      .values({ bucket: p.bucket, hits: 1, reset_at: p.resetAt })
      .onConflict((oc) =>
        oc.column('bucket').doUpdateSet({
          hits: sql<number>`CASE WHEN rate_buckets.reset_at <= ${p.now} THEN 1 ELSE rate_buckets.hits + 1 END`,
          reset_at: sql<number>`CASE WHEN rate_buckets.reset_at <= ${p.now} THEN ${p.resetAt} ELSE rate_buckets.reset_at END`,
        }),
      )
      .returning(['hits', 'reset_at']),
  notDurable,
);

/** `n` events taken back out of a live window, never below 0. */
const subtractHits = compiledStatement(
  (db, p: { bucket: string; n: number; now: number }) =>
    db
      .updateTable('rate_buckets')
      .set({ hits: sql<number>`CASE WHEN hits > ${p.n} THEN hits - ${p.n} ELSE 0 END` })
      .where('bucket', '=', p.bucket)
      .where('reset_at', '>', p.now),
  notDurable,
);

const clearBucket = compiledStatement(
  (db, p: { bucket: string }) => db.deleteFrom('rate_buckets').where('bucket', '=', p.bucket),
  notDurable,
);

/** Throttling counts, one row per bucket (migration 180). Times are ms since the epoch. */
export function createRateBucketsRepo(db: Database) {
  return {
    /**
     * Counts one event in the bucket and answers the count after it, in one statement: two calls
     * at the same moment never read the same count. A window that has ended starts again at 1.
     */
    async add(
      bucket: string,
      now: number,
      windowMs: number,
    ): Promise<{ hits: number; resetAt: number }> {
      const resetAt = now + windowMs;
      const row = (await addHit.first(db, { bucket, now, resetAt }))!;
      return { hits: Number(row.hits), resetAt: Number(row.reset_at) };
    },
    /** Takes `n` events back out of a live window (never below 0). */
    async subtract(bucket: string, n: number, now: number): Promise<void> {
      if (n <= 0) return;
      await subtractHits.run(db, { bucket, n, now });
    },
    /** The count of a live window and when it ends; undefined when there is none. */
    async window(
      bucket: string,
      now: number,
    ): Promise<{ hits: number; resetAt: number } | undefined> {
      const row = await db
        .q()
        .selectFrom('rate_buckets')
        .select(['hits', 'reset_at'])
        .where('bucket', '=', bucket)
        .where('reset_at', '>', now)
        .executeTakeFirst();
      return row && { hits: Number(row.hits), resetAt: Number(row.reset_at) };
    },
    /** The count of a live window, 0 when there is none. */
    async hits(bucket: string, now: number): Promise<number> {
      const row = await db
        .q()
        .selectFrom('rate_buckets')
        .select('hits')
        .where('bucket', '=', bucket)
        .where('reset_at', '>', now)
        .executeTakeFirst();
      return Number(row?.hits ?? 0);
    },
    async clear(bucket: string): Promise<void> {
      await clearBucket.run(db, { bucket });
    },
    /** Every bucket whose name has `part` as one of its `:`-separated parts (an account's data). */
    async clearHaving(parts: string[]): Promise<void> {
      const wanted = parts.filter((part) => part !== '');
      if (wanted.length === 0) return;
      await db
        .q()
        .deleteFrom('rate_buckets')
        .where((eb) =>
          eb.or(
            wanted.flatMap((part) => [
              eb('bucket', 'like', sql<string>`${`%:${likeLiteral(part)}:%`} ESCAPE '\\'`),
              eb('bucket', 'like', sql<string>`${`%:${likeLiteral(part)}`} ESCAPE '\\'`),
            ]),
          ),
        )
        .execute();
    },
    /** Drops the buckets whose window has ended (nobody may hit them again). */
    async prune(now: number): Promise<number> {
      const result = await db
        .q()
        .deleteFrom('rate_buckets')
        .where('reset_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type RateBucketsRepo = ReturnType<typeof createRateBucketsRepo>;
