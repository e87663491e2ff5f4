import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../lib/clock.js';

/** How long a device keeps its standing after its last successful login. */
export const DEVICE_TOKEN_DAYS = 180;

/**
 * Device tokens (OWASP "slow down online guessing attacks with device cookies"): a successful
 * login hands the browser a token naming the account and a device id, signed by the server. A later
 * login that brings it back is checked on that device's own small budget, so strangers guessing
 * an account's password from elsewhere never lock its owner out of a device they have used before.
 * Stateless: a token is good for its account until it is DEVICE_TOKEN_DAYS old.
 */
export function createDeviceTokens(key: Buffer, clock: Clock) {
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  return {
    /** A token for this account: the same device id when the login brought a valid one. */
    issue(userId: number, deviceId?: string | null): string {
      const id = deviceId ?? randomBytes(12).toString('base64url');
      const payload = `d1.${userId}.${id}.${Math.floor(clock.now().getTime() / 1000)}`;
      return `${payload}.${mac(payload)}`;
    },
    /** The device id when the token is ours, for this account and not too old; else null. */
    check(token: string | undefined | null, userId: number): string | null {
      if (!token || token.length > 200) return null;
      const parts = token.split('.');
      if (parts.length !== 5 || parts[0] !== 'd1') return null;
      const [, user, id = '', issued] = parts;
      const payload = parts.slice(0, 4).join('.');
      const given = Buffer.from(parts[4] ?? '');
      const expected = Buffer.from(mac(payload));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const ageMs = clock.now().getTime() - Number(issued) * 1000;
      if (Number(user) !== userId || !(ageMs < DEVICE_TOKEN_DAYS * 86_400_000)) return null;
      return id;
    },
  };
}

export type DeviceTokens = ReturnType<typeof createDeviceTokens>;
