import { createHmac, timingSafeEqual } from 'node:crypto';

/** An unsubscribe link works this long after its e-mail was sent. */
export const UNSUBSCRIBE_LINK_DAYS = 90;

/**
 * The token of an e-mail's unsubscribe link: the account id, the day it was issued and a MAC over
 * both, so the link needs no login and no stored state, nobody can make one for another account,
 * and it expires after UNSUBSCRIBE_LINK_DAYS.
 */
export function createUnsubscribeTokens(key: Buffer) {
  const mac = (userId: number, issuedSeconds: number) =>
    createHmac('sha256', key)
      .update(`reminders-unsubscribe:${userId}:${issuedSeconds}`)
      .digest('base64url')
      .slice(0, 22);
  return {
    make: (userId: number, now: number) => {
      const issued = Math.floor(now / 1000);
      return `${userId}.${issued}.${mac(userId, issued)}`;
    },
    /** The account and the issue time (ms) the token names, or null when forged or expired. */
    read(token: string, now: number): { userId: number; issuedAt: number } | null {
      const match = /^(\d{1,10})\.(\d{1,12})\.([\w-]{22})$/.exec(token);
      if (!match?.[1] || !match[2] || !match[3]) return null;
      const userId = Number(match[1]);
      const issued = Number(match[2]);
      const expected = Buffer.from(mac(userId, issued));
      const given = Buffer.from(match[3]);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const issuedAt = issued * 1000;
      if (now - issuedAt > UNSUBSCRIBE_LINK_DAYS * 86_400_000) return null;
      return { userId, issuedAt };
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
