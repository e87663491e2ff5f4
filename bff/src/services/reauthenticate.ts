import type { AuditRepo } from '../data/audit-repo.js';
import type { UserRow } from '../data/users-repo.js';
import { forbidden, tooManyRequests } from './errors.js';
import type { Passwords } from './passwords.js';
import type { RateLimiter } from './rate-limiter.js';

const FIFTEEN_MINUTES = 15 * 60_000;

export interface Reauthentication {
  /** Where the wrong passwords of this kind of action are counted (per account). */
  bucket: string;
  /** Wrong passwords allowed in 15 minutes. */
  limit: number;
  /** The audit action written when the password is wrong. */
  refusedAction: string;
  ip: string | null;
}

/**
 * The password asked again before a sensitive change (password, e-mail, mobile, deletion, second
 * factor): the try is counted before the check, so passwords sent in parallel get no more tries
 * than one by one; a wrong one is audited and answers 403 `wrong_password`; a right one gives its
 * try back.
 */
export function createReauthentication(deps: {
  limiter: RateLimiter;
  audit: AuditRepo;
  passwords: Pick<Passwords, 'verify'>;
}) {
  return async function reauthenticate(
    user: UserRow,
    password: string,
    check: Reauthentication,
  ): Promise<void> {
    const rules = [{ bucket: check.bucket, limit: check.limit, windowMs: FIFTEEN_MINUTES }];
    const taken = await deps.limiter.take(rules);
    if (!taken.ok) throw tooManyRequests(taken.retryAfter);
    if (!(await deps.passwords.verify(user.password_hash, password))) {
      await deps.audit.record({
        actorUserId: user.id,
        actorDni: user.dni,
        action: check.refusedAction,
        entity: 'user',
        entityId: user.id,
        details: { reason: 'wrong_password' },
        ip: check.ip,
      });
      throw forbidden('wrong_password');
    }
    await deps.limiter.giveBack(rules);
  };
}

export type Reauthenticate = ReturnType<typeof createReauthentication>;
