import { addressKey } from '../../lib/client-address.js';
import type { RateLimiter, RateRule } from '../rate-limiter.js';

const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * The login's limits (OWASP Authentication and Credential Stuffing cheat sheets), all per 15
 * minutes and all counted before the password is checked:
 * - per account and address: a person's typos from where they are;
 * - per address, across accounts: credential spraying; a high ceiling, so a mobile carrier's
 *   shared address (CGNAT) is not locked out by its residents' typos (a success takes its own
 *   typos back), and a first try for an account from that address is always checked;
 * - per account, from anywhere: guessing from many addresses; past it, only a login that brings
 *   a device token of that account is checked, on that device's own budget, so strangers never
 *   lock an owner out of a device they have used before.
 */
export const LOGIN_LIMITS = {
  windowMs: FIFTEEN_MINUTES,
  perAccountAndAddress: 5,
  perAddress: 100,
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
const addressRule = (address: string, limit: number) => rule(`login:address:${address}`, limit);
const deviceRule = (deviceId: string) => rule(`login:device:${deviceId}`, LOGIN_LIMITS.perDevice);
export const secondStepRule = (userId: number) =>
  rule(`login:second-step:${userId}`, SECOND_STEP_FAILURES);

/** An attempt let through: settle it once the password has been checked. */
export interface LoginAttempt {
  /** The right password: its own failures (this pair's or this device's) are forgiven. */
  succeeded(): Promise<void>;
}

/**
 * Counts a login attempt before its password is checked. Answers the attempt, or the seconds to
 * wait when a limit is reached (nothing counted then).
 */
export async function beginLogin(
  limiter: RateLimiter,
  who: { dni: string; ip: string | null; deviceId: string | null },
): Promise<LoginAttempt | { retryAfter: number }> {
  if (who.deviceId) {
    const device = deviceRule(who.deviceId);
    const taken = await limiter.take([device]);
    if (!taken.ok) return { retryAfter: taken.retryAfter };
    return { succeeded: () => limiter.reset(device.bucket) };
  }
  const address = addressKey(who.ip) ?? 'unknown';
  const pair = pairRule(who.dni, address);
  const first = await limiter.take([pair]);
  if (!first.ok) return { retryAfter: first.retryAfter };
  const pairHits = first.hits[0] ?? 1;
  // the address's ceiling never stops the first try for an account from that address
  const shared = [
    accountRule(who.dni),
    addressRule(address, pairHits === 1 ? Number.MAX_SAFE_INTEGER : LOGIN_LIMITS.perAddress),
  ];
  const second = await limiter.take(shared);
  if (!second.ok) {
    await limiter.giveBack([pair]);
    return { retryAfter: second.retryAfter };
  }
  return {
    async succeeded() {
      // this pair's typos were a person's, not an attack: the shared counts forget them too
      await limiter.giveBack(shared, pairHits);
      await limiter.reset(pair.bucket);
    },
  };
}

/** A password set anew (recovery): the account's failures from anywhere are forgotten. */
export async function forgetLoginFailures(limiter: RateLimiter, dni: string): Promise<void> {
  await limiter.reset(accountRule(dni).bucket);
}
