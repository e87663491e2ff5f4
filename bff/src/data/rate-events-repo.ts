import type { Db } from './db.js';

/** Timestamped events per bucket (ms since the epoch) for sliding-window limits. */
export function createRateEventsRepo(db: Db) {
  const count = db.prepare<[string, number], { n: number }>(
    'SELECT COUNT(*) AS n FROM rate_events WHERE bucket = ? AND at > ?',
  );
  const nth = db.prepare<[string, number, number], { at: number }>(
    'SELECT at FROM rate_events WHERE bucket = ? AND at > ? ORDER BY at ASC LIMIT 1 OFFSET ?',
  );
  const insert = db.prepare('INSERT INTO rate_events (bucket, at) VALUES (?, ?)');
  const pruneBucket = db.prepare('DELETE FROM rate_events WHERE bucket = ? AND at <= ?');
  const clear = db.prepare('DELETE FROM rate_events WHERE bucket = ?');
  const pruneAll = db.prepare('DELETE FROM rate_events WHERE at <= ?');
  return {
    countSince: (bucket: string, since: number) => count.get(bucket, since)?.n ?? 0,
    /** The time of the (offset+1)-th oldest event after `since`. */
    nthSince: (bucket: string, since: number, offset: number) =>
      nth.get(bucket, since, offset)?.at ?? null,
    add(bucket: string, at: number, olderThan: number): void {
      pruneBucket.run(bucket, olderThan);
      insert.run(bucket, at);
    },
    clear(bucket: string): void {
      clear.run(bucket);
    },
    /** Drops every event older than `before` (buckets nobody hits again would otherwise stay). */
    pruneAll(before: number): void {
      pruneAll.run(before);
    },
  };
}

export type RateEventsRepo = ReturnType<typeof createRateEventsRepo>;
