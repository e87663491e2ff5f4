import type { Database } from './database.js';

/** Timestamped events per bucket (ms since the epoch) for sliding-window limits. */
export function createRateEventsRepo(db: Database) {
  return {
    async countSince(bucket: string, since: number): Promise<number> {
      const row = await db
        .q()
        .selectFrom('rate_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('bucket', '=', bucket)
        .where('at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** The time of the (offset+1)-th oldest event after `since`. */
    async nthSince(bucket: string, since: number, offset: number): Promise<number | null> {
      const row = await db
        .q()
        .selectFrom('rate_events')
        .select('at')
        .where('bucket', '=', bucket)
        .where('at', '>', since)
        .orderBy('at')
        .limit(1)
        .offset(offset)
        .executeTakeFirst();
      return row ? Number(row.at) : null;
    },
    async add(bucket: string, at: number, olderThan: number): Promise<void> {
      await db
        .q()
        .deleteFrom('rate_events')
        .where('bucket', '=', bucket)
        .where('at', '<=', olderThan)
        .execute();
      await db.q().insertInto('rate_events').values({ bucket, at }).execute();
    },
    async clear(bucket: string): Promise<void> {
      await db.q().deleteFrom('rate_events').where('bucket', '=', bucket).execute();
    },
    /** Drops every event older than `before` (buckets nobody hits again would otherwise stay). */
    async pruneAll(before: number): Promise<void> {
      await db.q().deleteFrom('rate_events').where('at', '<=', before).execute();
    },
  };
}

export type RateEventsRepo = ReturnType<typeof createRateEventsRepo>;
