import { hash, hashSync, verify } from '@node-rs/argon2';
import { availableParallelism } from 'node:os';
import { HttpError } from '../http/errors.js';
import { createBoundedLimit } from '../lib/bounded-limit.js';
import { commonPasswords } from './common-passwords.js';

// argon2id (Algorithm.Argon2id = 2; a const enum, so the number is passed under isolatedModules)
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The message key of the first broken rule, or null. No composition rules, no truncation. */
export function passwordProblem(password: string, repeat?: string | null): string | null {
  if ([...password].length < PASSWORD_MIN) return 'password_too_short';
  if ([...password].length > PASSWORD_MAX) return 'password_too_long';
  if (repeat !== undefined && repeat !== null && repeat !== password)
    return 'passwords_do_not_match';
  if (commonPasswords.has(password.toLowerCase())) return 'password_too_common';
  return null;
}

/**
 * argon2 runs on libuv's thread pool, which token checks and file reads share. Unbounded, a burst
 * of logins fills every thread and every core and stalls all other calls; so at most cores − 1
 * hashes run at once and a bounded queue waits, beyond which the server answers 503.
 */
const argon2Slots = createBoundedLimit({
  parallel: Math.max(1, availableParallelism() - 1),
  maxWaiting: 200,
  onFull: () => {
    throw new HttpError(503, 'server_busy', { headers: { 'Retry-After': '5' } });
  },
});

export function hashPassword(password: string): Promise<string> {
  return argon2Slots.run(() => hash(password, OPTIONS));
}

/** For start-up and command-line work that runs before anything is served. */
export function hashPasswordSync(password: string): string {
  return hashSync(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await argon2Slots.run(() => verify(passwordHash, password));
  } catch (err) {
    if (err instanceof HttpError) throw err; // busy: not a wrong password
    return false;
  }
}

/** A hash to verify against when the account does not exist, so both paths cost the same. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-only-for-timing');
  return dummyHash;
}
