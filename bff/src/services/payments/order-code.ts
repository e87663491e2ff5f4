import { randomInt } from 'node:crypto';
import { madridDate } from '../../lib/madrid-date.js';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * A Redsys order number: 4 digits (YYMM, Madrid) then 8 random base62 characters, 12 in all.
 * Redsys refuses a reused number even after a failure (SIS0051), so the caller retries while
 * `taken` says yes; 62^8 ≈ 2·10^14 per month makes a retry very rare.
 */
export async function newOrderCode(
  now: Date,
  taken: (code: string) => Promise<boolean>,
): Promise<string> {
  return (
    await storedUnderNewOrderCode(now, async (code) => ((await taken(code)) ? undefined : true))
  ).code;
}

/**
 * `store` under a new order number: it answers undefined when the number is taken (an insert
 * that meets the unique order number and does nothing), and another is drawn.
 */
export async function storedUnderNewOrderCode<T>(
  now: Date,
  store: (code: string) => Promise<T | undefined>,
): Promise<{ code: string; stored: T }> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = drawOrderCode(now);
    const stored = await store(code);
    if (stored !== undefined) return { code, stored };
  }
  throw new Error('Could not find a free order number');
}

/** One order number drawn at random (not yet checked against the ones taken). */
export function drawOrderCode(now: Date): string {
  const date = madridDate(now);
  let code = `${date.slice(2, 4)}${date.slice(5, 7)}`;
  for (let i = 0; i < 8; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

export const ORDER_CODE_PATTERN = /^[0-9]{4}[0-9A-Za-z]{0,8}$/;
