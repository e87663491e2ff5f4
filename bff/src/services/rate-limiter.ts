import type { RateEventsRepo } from '../data/rate-events-repo.js';
import type { Clock } from '../lib/clock.js';

/** No rule looks further back than this; older events can go. */
export const LONGEST_WINDOW_MS = 24 * 3600_000;
const PRUNE_EVERY = 500;

/** At most `limit` events in any `windowMs` for this bucket. */
export interface RateRule {
  bucket: string;
  limit: number;
  windowMs: number;
}

/**
 * Sliding-window limits over the rate_events table, so they hold across restarts and across every
 * server process on the database, and use the app clock (tests move time). Used by login throttling and one-time-code sends.
 */
export function createRateLimiter(repo: RateEventsRepo, clock: Clock) {
  const now = () => clock.now().getTime();
  let hitsSincePrune = 0;

  /** Seconds until this rule allows one more event, or 0 when it allows one now. */
  async function waitFor(rule: RateRule, at: number): Promise<number> {
    const since = at - rule.windowMs;
    const count = await repo.countSince(rule.bucket, since);
    if (count < rule.limit) return 0;
    // the window frees a slot when the event that keeps it full gets older than windowMs
    const blocking = (await repo.nthSince(rule.bucket, since, count - rule.limit)) ?? at;
    return Math.max(1, Math.ceil((blocking + rule.windowMs - at) / 1000));
  }

  return {
    /** The longest wait (seconds) among the rules, or 0 when all allow one more event. */
    async retryAfter(rules: RateRule[]): Promise<number> {
      const at = now();
      let longest = 0;
      for (const rule of rules) longest = Math.max(longest, await waitFor(rule, at));
      return longest;
    },
    async hit(rules: RateRule[]): Promise<void> {
      const at = now();
      for (const rule of rules) await repo.add(rule.bucket, at, at - rule.windowMs);
      if (++hitsSincePrune >= PRUNE_EVERY) {
        hitsSincePrune = 0;
        await repo.pruneAll(at - LONGEST_WINDOW_MS);
      }
    },
    async reset(bucket: string): Promise<void> {
      await repo.clear(bucket);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
