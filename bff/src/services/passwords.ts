import { hashSync } from '@node-rs/argon2';
import { availableParallelism } from 'node:os';
import { DomainError } from './errors.js';
import { ARGON2_OPTIONS } from './argon2-options.js';
import { commonPasswords } from './common-passwords.js';
import { createPasswordThreads, type PasswordPriority } from './password-threads.js';

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
 * Hashing and checking passwords with argon2 on threads of its own, cores − 1 of them: a burst of
 * logins never takes every core from the other calls, nor libuv's pool from file reads; beyond
 * `maxWaiting` waiting (SHED_PASSWORDS_WAITING, 200) the server answers 503. Anonymous logins
 * queue behind staff's and known devices' (password-threads.ts), each kind with its own bound. Threads start at the first job or at `start()` (a server
 * calls it before it listens, so its first login does not wait for a thread).
 */
export function createPasswords(options: { threads?: number; maxWaiting?: number } = {}) {
  const threads = createPasswordThreads({
    threads: options.threads ?? Math.max(1, availableParallelism() - 1),
    maxWaiting: options.maxWaiting ?? 200,
    onFull: () => {
      throw new DomainError('unavailable', 'server_busy', { retryAfterSeconds: 5 });
    },
  });
  const hash = (password: string): Promise<string> => threads.run({ op: 'hash', password });
  /** A hash to verify against when the account does not exist, so both paths cost the same. */
  let dummyHash: Promise<string> | null = null;
  return {
    start: threads.start,
    close: threads.close,
    hash,
    async verify(
      passwordHash: string,
      password: string,
      priority: PasswordPriority = 'known',
    ): Promise<boolean> {
      try {
        return await threads.run({ op: 'verify', hash: passwordHash, password }, priority);
      } catch (err) {
        if (err instanceof DomainError) throw err; // busy: not a wrong password
        return false;
      }
    },
    dummyHash(): Promise<string> {
      dummyHash ??= hash('not-a-real-password-only-for-timing');
      return dummyHash;
    },
  };
}

export type Passwords = ReturnType<typeof createPasswords>;

/** For start-up and command-line work that runs before anything is served. */
export function hashPasswordSync(password: string): string {
  return hashSync(password, ARGON2_OPTIONS);
}
