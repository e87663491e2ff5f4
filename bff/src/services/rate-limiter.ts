import type { RateBucketsRepo } from '../data/rate-buckets-repo.js';
import type { Clock } from '../lib/clock.js';

const PRUNE_EVERY = 500;

/** At most `limit` events in a `windowMs` window for this bucket. */
export interface RateRule {
  bucket: string;
  limit: number;
  windowMs: number;
}

/** What `take` answers: the counts after this event (one per rule, in order), or how long to wait. */
export type Taken = { ok: true; hits: number[] } | { ok: false; retryAfter: number };

/**
 * Throttling in the database (so across restarts and every server process), on the app clock.
 * Every limited action is counted before it is checked: `take` adds the attempt to each rule's
 * bucket in one statement per bucket and refuses it when a bucket goes over its limit, so however
 * many attempts are in flight, no more than the limit get through. An attempt that turns out to
 * be legitimate gives its count back (`giveBack`), e.g. the right password.
 */
export function createRateLimiter(repo: RateBucketsRepo, clock: Clock) {
  const now = () => clock.now().getTime();
  let takesSincePrune = 0;

  return {
    async take(rules: RateRule[]): Promise<Taken> {
      const at = now();
      const hits: number[] = [];
      let retryAfter = 0;
      // always the same order, so two callers never wait on each other's rows (PostgreSQL)
      const order = rules.map((rule, index) => ({ rule, index }));
      order.sort((a, b) =>
        a.rule.bucket < b.rule.bucket ? -1 : a.rule.bucket > b.rule.bucket ? 1 : 0,
      );
      for (const { rule, index } of order) {
        const counted = await repo.add(rule.bucket, at, rule.windowMs);
        hits[index] = counted.hits;
        if (counted.hits > rule.limit) {
          retryAfter = Math.max(retryAfter, Math.ceil((counted.resetAt - at) / 1000));
        }
      }
      if (++takesSincePrune >= PRUNE_EVERY) {
        takesSincePrune = 0;
        await repo.prune(at);
      }
      if (retryAfter === 0) return { ok: true, hits };
      // refused attempts are not counted: they were never checked
      for (const rule of rules) await repo.subtract(rule.bucket, 1, at);
      return { ok: false, retryAfter: Math.max(1, retryAfter) };
    },
    /** Takes `n` counted events back out of each rule's bucket. */
    async giveBack(rules: RateRule[], n = 1): Promise<void> {
      const at = now();
      for (const rule of rules) await repo.subtract(rule.bucket, n, at);
    },
    /** The count in a bucket's current window, and the seconds until that window ends. */
    async window(bucket: string): Promise<{ hits: number; retryAfter: number }> {
      const at = now();
      const live = await repo.window(bucket, at);
      if (!live) return { hits: 0, retryAfter: 0 };
      return { hits: live.hits, retryAfter: Math.max(1, Math.ceil((live.resetAt - at) / 1000)) };
    },
    /** The count in a bucket's current window. */
    async hits(bucket: string): Promise<number> {
      return repo.hits(bucket, now());
    },
    async reset(bucket: string): Promise<void> {
      await repo.clear(bucket);
    },
    /** Forgets every bucket keyed by one of these values (an account's DNI, phone, e-mail). */
    async forget(keys: string[]): Promise<void> {
      await repo.clearHaving(keys);
    },
    async prune(): Promise<number> {
      return repo.prune(now());
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
