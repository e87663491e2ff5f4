import { hash, hashSync, verify } from '@node-rs/argon2';
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

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** For start-up and command-line work that runs before anything is served. */
export function hashPasswordSync(password: string): string {
  return hashSync(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so both paths cost the same. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-only-for-timing');
  return dummyHash;
}
