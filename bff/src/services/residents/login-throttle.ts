import { addressKey } from '../../lib/client-address.js';
import type { RateLimiter, RateRule } from '../rate-limiter.js';

const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * The login's limits (OWASP Authentication and Credential Stuffing cheat sheets), all per 15
 * minutes and all counted before the password is checked:
 * - per account and address: a person's typos from where they are;
 * - per address, the DNIs that failed from it (spraying): past the ceiling the password is still
 *   checked, so a resident behind the address who types it right gets in, but a wrong one answers
 *   429 instead of 401, telling a sprayer nothing more;
 * - per address, every try across DNIs: a guard on the CPU the password checks take, far above
 *   anything a shared address's residents do; past it only device tokens are checked;
 * - per account, from anywhere: guessing from many addresses; past it, only a login that brings
 *   a device token of that account is checked, on that device's own budget, so strangers never
 *   lock an owner out of a device they have used before.
 * A success takes its own failures back from every count (its pair's tries, its DNI from the
 * address's distinct DNIs), so residents' typos followed by the right password never add up.
 */
export const LOGIN_LIMITS = {
  windowMs: FIFTEEN_MINUTES,
  perAccountAndAddress: 5,
  /**
   * Distinct DNIs with failures from one address. A mobile carrier's shared address (CGNAT) puts
   * thousands of phones behind one IPv4 address, but only DNIs that failed and have not yet
   * logged in count (a success forgives its DNI): residents of one town behind one address
   * leaving 30 different accounts mistyped within 15 minutes is far beyond any enrolment day's
   * peak, while a sprayer reaches it in seconds. Past it nobody with the right password or a
   * device token is refused anyway, so a false alarm costs a resident a 429 for a typo, no more.
   */
  perAddressDistinctDnis: 30,
  /**
   * Every try from one address across DNIs (a success takes its own back): the CPU guard. Under
   * the distinct ceiling an address has at most about 30 × 5 tries, so only one past it gets
   * here; at 20 to 50 ms of one core per check, 1,000 in 15 minutes keep one address to a few
   * per cent of a core (the password threads' 503 bounds the CPU too, but one address alone
   * could fill them for everyone). Past it tries without a device token are refused unchecked, a
   * resident's too: the one case where a sprayer's volume refuses a resident, at a volume no
   * shared address's residents make.
   */
  perAddress: 1000,
  perAccount: 10,
  perDevice: 5,
} as const;

/** Wrong second-step codes per account, a tighter budget than passwords. */
export const SECOND_STEP_FAILURES = 3;

const rule = (bucket: string, limit: number): RateRule => ({
  bucket,
  limit,
  windowMs: LOGIN_LIMITS.windowMs,
});

/** Buckets keyed by the account's DNI end with it, so deleting an account can clear them. */
const pairRule = (dni: string, address: string) =>
  rule(`login:pair:${address}:${dni}`, LOGIN_LIMITS.perAccountAndAddress);
const accountRule = (dni: string) => rule(`login:account:${dni}`, LOGIN_LIMITS.perAccount);
const addressRule = (address: string) => rule(`login:address:${address}`, LOGIN_LIMITS.perAddress);
/** Counted, never refusing by itself: past its ceiling wrong passwords answer 429. */
const distinctDnisRule = (address: string) =>
  rule(`login:address-dnis:${address}`, Number.MAX_SAFE_INTEGER);
const deviceRule = (deviceId: string) => rule(`login:device:${deviceId}`, LOGIN_LIMITS.perDevice);
export const secondStepRule = (userId: number) =>
  rule(`login:second-step:${userId}`, SECOND_STEP_FAILURES);

/** The limit that refused a login unchecked (the audit log says which). */
export type LoginLimit = 'pair' | 'account' | 'address' | 'device';

/** An attempt let through: settle it once the password has been checked. */
export interface LoginAttempt {
  /** The right password: its own failures (this pair's or this device's) are forgiven. */
  succeeded(): Promise<void>;
  /**
   * A wrong password: null answers 401; seconds to wait answer 429 instead, the address being
   * past its spraying ceiling.
   */
  failed(): Promise<number | null>;
}

/**
 * Counts a login attempt before its password is checked. Answers the attempt, or the seconds to
 * wait and the limit reached (nothing counted then).
 */
export async function beginLogin(
  limiter: RateLimiter,
  who: { dni: string; ip: string | null; deviceId: string | null },
): Promise<LoginAttempt | { retryAfter: number; limit: LoginLimit }> {
  if (who.deviceId) {
    const device = deviceRule(who.deviceId);
    const taken = await limiter.take([device]);
    if (!taken.ok) return { retryAfter: taken.retryAfter, limit: 'device' };
    return { succeeded: () => limiter.reset(device.bucket), failed: async () => null };
  }
  const address = addressKey(who.ip) ?? 'unknown';
  const pair = pairRule(who.dni, address);
  const first = await limiter.take([pair]);
  if (!first.ok) return { retryAfter: first.retryAfter, limit: 'pair' };
  const pairHits = first.hits[0] ?? 1;
  const account = accountRule(who.dni);
  const byAccount = await limiter.take([account]);
  if (!byAccount.ok) {
    await limiter.giveBack([pair]);
    return { retryAfter: byAccount.retryAfter, limit: 'account' };
  }
  // a DNI joins the address's distinct DNIs with its first try from there
  const distinct = distinctDnisRule(address);
  const fromAddress = [addressRule(address), ...(pairHits === 1 ? [distinct] : [])];
  const byAddress = await limiter.take(fromAddress);
  if (!byAddress.ok) {
    await limiter.giveBack([pair, account]);
    return { retryAfter: byAddress.retryAfter, limit: 'address' };
  }
  return {
    async succeeded() {
      // this pair's typos were a person's, not an attack: the shared counts forget them too
      await limiter.giveBack([account, addressRule(address)], pairHits);
      await limiter.giveBack([distinct]);
      await limiter.reset(pair.bucket);
    },
    async failed() {
      const { hits, retryAfter } = await limiter.window(distinct.bucket);
      return hits > LOGIN_LIMITS.perAddressDistinctDnis ? retryAfter : null;
    },
  };
}

/** A password set anew (recovery): the account's failures from anywhere are forgotten. */
export async function forgetLoginFailures(limiter: RateLimiter, dni: string): Promise<void> {
  await limiter.reset(accountRule(dni).bucket);
}
