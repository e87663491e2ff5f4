import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of an e-mail's unsubscribe link: the account id and a MAC over it, so the link needs
 * no login and no stored state, and nobody can make one for another account.
 */
export function createUnsubscribeTokens(key: Buffer) {
  const mac = (userId: number) =>
    createHmac('sha256', key)
      .update(`reminders-unsubscribe:${userId}`)
      .digest('base64url')
      .slice(0, 22);
  return {
    make: (userId: number) => `${userId}.${mac(userId)}`,
    /** The account id the token names, or null when it is not one of ours. */
    read(token: string): number | null {
      const match = /^(\d{1,10})\.([\w-]{22})$/.exec(token);
      if (!match?.[1] || !match[2]) return null;
      const userId = Number(match[1]);
      const expected = Buffer.from(mac(userId));
      const given = Buffer.from(match[2]);
      return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
