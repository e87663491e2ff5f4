import { createHash, randomBytes, randomInt } from 'node:crypto';

/**
 * The public draw (sorteo) of a lottery activity's places, as a rule anyone can recompute:
 * before the applications open the server commits to a secret seed by publishing its SHA-256;
 * after they close it publishes the seed, and every application's rank follows from the seed and
 * the application's public code alone. Nobody chooses the order, and nobody (the council
 * included) can choose the seed after seeing the applications without the commitment showing it.
 */

/** What the draw page and `GET /api/draws/{id}` say the rule is. */
export const DRAW_ALGORITHM =
  'Each application\'s key is the lower-case hex SHA-256 of the UTF-8 text seed + ":" + code; ' +
  'applications are ranked by key, smallest first; the first `capacity` are offered a place and ' +
  'the rest wait in that order. The seed_commitment published before the applications opened ' +
  'is the SHA-256 of the seed text.';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A new secret seed: 32 random bytes as 64 lower-case hex characters. */
export const newDrawSeed = (): string => randomBytes(32).toString('hex');

/** What is published before the draw: the SHA-256 of the seed's 64-character text. */
export const seedCommitment = (seed: string): string => sha256Hex(seed);

/** An application's rank key: the SHA-256 of `seed:code`. */
export const rankKey = (seed: string, code: string): string => sha256Hex(`${seed}:${code}`);

/** Letters and digits no one misreads when a code is read aloud or copied (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 8;

/**
 * A short public code for an application: random, so it says nothing about the person (31^8,
 * about 850,000 million codes); the database's unique index catches the rare repeat.
 */
export function newApplicationCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export interface DrawnApplication<T> {
  application: T;
  rank: number;
  outcome: 'offered' | 'waitlisted';
  /** 1, 2, … among the waitlisted; null when offered. */
  waitlistPosition: number | null;
}

/**
 * The draw's result for the applications that take part (those not withdrawn before it): ranked
 * by key, the first `capacity` offered, the rest waitlisted in order.
 */
export function drawPlaces<T extends { code: string }>(
  seed: string,
  capacity: number,
  applications: readonly T[],
): DrawnApplication<T>[] {
  return applications
    .map((application) => ({ application, key: rankKey(seed, application.code) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ application }, i) => {
      const offered = i < capacity;
      return {
        application,
        rank: i + 1,
        outcome: offered ? ('offered' as const) : ('waitlisted' as const),
        waitlistPosition: offered ? null : i + 1 - capacity,
      };
    });
}
