import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { AuditRepo } from '../../data/audit-repo.js';
import type { Database } from '../../data/database.js';
import type { MfaRepo } from '../../data/mfa-repo.js';
import type { UserRow, UsersRepo } from '../../data/users-repo.js';
import { conflict, DomainError, notFound, tooManyRequests, unauthorized } from '../errors.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { Logger } from '../../logger.js';
import type { DeviceTokens } from '../device-tokens.js';
import type { Reauthenticate } from '../reauthenticate.js';
import type { RateLimiter } from '../rate-limiter.js';
import { SECOND_STEP_FAILURES, secondStepRule } from '../residents/login-throttle.js';
import type { TokenService } from '../token-service.js';

export type MfaMode = 'required' | 'optional' | 'off';

export const CHALLENGE_TTL_MS = 5 * 60_000;
export const CHALLENGE_MAX_ATTEMPTS = 5;
export const RECOVERY_CODES = 10;
/** Wrong passwords when starting a setup, per account in 15 minutes. */
export const SETUP_PASSWORD_FAILURES = 5;
const PERIOD_S = 30;
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A recovery code as typed: case, spaces and dashes do not matter. */
const normaliseRecovery = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

function newRecoveryCode(): string {
  const chars = Array.from({ length: 8 }, () => RECOVERY_ALPHABET[randomInt(32)]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/**
 * Administrators' second factor: an authenticator app (TOTP, RFC 6238, by the otpauth library),
 * ten single-use recovery codes, and the login's second step.
 */
export function createMfa(deps: {
  reauthenticate: Reauthenticate;
  db: Database;
  mode: MfaMode;
  issuer: string;
  users: UsersRepo;
  mfa: MfaRepo;
  audit: AuditRepo;
  tokens: TokenService;
  limiter: RateLimiter;
  box: SecretBox;
  /** Keys the recovery codes' hashes: without the server's secret a copy of them is useless. */
  recoveryKey: Buffer;
  clock: Clock;
  devices: DeviceTokens;
  logger: Logger;
}) {
  const { db, mfa, audit, clock } = deps;
  const recoveryHash = (code: string) =>
    createHmac('sha256', deps.recoveryKey).update(normaliseRecovery(code)).digest('base64url');
  const totpOf = (secretBase32: string, label: string) =>
    new OTPAuth.TOTP({
      issuer: deps.issuer,
      label,
      algorithm: 'SHA1',
      digits: 6,
      period: PERIOD_S,
      secret: OTPAuth.Secret.fromBase32(secretBase32),
    });
  /** The period a 6-digit code belongs to (this one, the previous or the next), or null. */
  const stepOf = (secretBase32: string, code: string): number | null => {
    if (!/^\d{6}$/.test(code)) return null;
    const now = clock.now().getTime();
    const delta = totpOf(secretBase32, '').validate({ token: code, timestamp: now, window: 1 });
    return delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta;
  };

  async function user(id: number): Promise<UserRow> {
    const row = await deps.users.findById(id);
    if (!row) throw unauthorized();
    return row;
  }

  return {
    mode: deps.mode,

    async status(userId: number) {
      const row = await user(userId);
      return {
        enabled: row.mfa_secret !== null,
        required: deps.mode === 'required',
        recovery_codes_left: row.mfa_secret ? await mfa.recoveryCodesLeft(userId) : 0,
      };
    },

    /** Whether this account, having given its password, may only set up a second factor. */
    mustSetUp: (row: UserRow) =>
      deps.mode === 'required' && row.role === 'admin' && row.mfa_secret === null,

    /**
     * A new secret to add to the app; it counts only once a code confirms it. The password is
     * asked again: whoever holds a session (or a setup-only token) alone cannot bind their own
     * authenticator to the account.
     */
    async setup(userId: number, password: string, ip: string | null) {
      const row = await user(userId);
      if (row.mfa_secret !== null) throw conflict('mfa_already_enabled');
      await deps.reauthenticate(row, password, {
        bucket: `mfa-setup:${userId}`,
        limit: SETUP_PASSWORD_FAILURES,
        refusedAction: 'mfa.setup_refused',
        ip,
      });
      const secret = new OTPAuth.Secret({ size: 20 });
      await mfa.setPending(userId, deps.box.seal(secret.base32));
      const url = totpOf(secret.base32, row.dni).toString();
      return {
        secret: secret.base32,
        otpauth_url: url,
        qr_svg: await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
      };
    },

    /** Turns the second factor on with a code from the app: recovery codes, and a new session. */
    async confirm(userId: number, code: string, ip: string | null) {
      const row = await user(userId);
      if (row.mfa_secret !== null) throw conflict('mfa_already_enabled');
      if (row.mfa_pending_secret === null) throw conflict('mfa_setup_missing');
      const step = stepOf(deps.box.open(row.mfa_pending_secret), code.trim());
      if (step === null) throw new DomainError('bad_request', 'invalid_mfa_code');
      const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
      await db.transaction(async () => {
        await mfa.enable(userId, row.mfa_pending_secret ?? '', step, codes.map(recoveryHash));
        await audit.record({
          actorUserId: userId,
          actorDni: row.dni,
          action: 'mfa.enabled',
          entity: 'user',
          entityId: userId,
          ip,
        });
      });
      return { recovery_codes: codes, access_token: await deps.tokens.issue(await user(userId)) };
    },

    /** After the right password: whether the account needs a second step, and its token. */
    async challenge(row: UserRow): Promise<string | null> {
      if (deps.mode === 'off' || row.role !== 'admin' || row.mfa_secret === null) return null;
      const token = randomBytes(32).toString('base64url');
      const now = clock.now().getTime();
      await mfa.sweep(now - 24 * 3600_000);
      await mfa.createChallenge(sha256(token), row.id, now + CHALLENGE_TTL_MS);
      return token;
    },

    /** The second step: an app code (once per period) or an unused recovery code. */
    async completeLogin(
      input: { mfa_token: string; code: string },
      ip: string | null,
    ): Promise<{ token: string; deviceToken: string }> {
      const now = clock.now().getTime();
      const tokenHash = sha256(input.mfa_token);
      const challenge = await mfa.liveChallenge(tokenHash, now, CHALLENGE_MAX_ATTEMPTS);
      if (!challenge) throw unauthorized('mfa_token_invalid');
      const row = await user(challenge.user_id);
      if (row.mfa_secret === null) throw unauthorized('mfa_token_invalid');
      // counted before the code is checked, so codes sent in parallel get no more tries
      const budget = secondStepRule(row.id);
      const taken = await deps.limiter.take([budget]);
      if (!taken.ok) throw tooManyRequests(taken.retryAfter);
      const code = input.code.trim();
      const step = stepOf(deps.box.open(row.mfa_secret), code);
      const accepted =
        step !== null
          ? await mfa.advanceStep(row.id, step)
          : await mfa.useRecoveryCode(row.id, recoveryHash(code), new Date(now).toISOString());
      if (!accepted) {
        await mfa.failChallenge(tokenHash);
        await audit.record({
          actorUserId: row.id,
          actorDni: row.dni,
          action: 'login_failed',
          entity: 'user',
          entityId: row.id,
          details: { reason: 'wrong_mfa_code' },
          ip,
        });
        if (taken.hits[0] === SECOND_STEP_FAILURES) {
          // someone has this administrator's password and is trying codes
          await audit.record({
            actorUserId: row.id,
            actorDni: row.dni,
            action: 'mfa.failures_repeated',
            entity: 'user',
            entityId: row.id,
            details: { failures: SECOND_STEP_FAILURES },
            ip,
          });
          deps.logger.warn('second-step codes failing repeatedly for an administrator', {
            user: row.id,
            failures: SECOND_STEP_FAILURES,
            ip,
          });
        }
        throw unauthorized('invalid_mfa_code');
      }
      if (!(await mfa.useChallenge(tokenHash, now))) throw unauthorized('mfa_token_invalid');
      await deps.limiter.reset(budget.bucket);
      await audit.record({
        actorUserId: row.id,
        actorDni: row.dni,
        action: 'login_success',
        entity: 'user',
        entityId: row.id,
        details: { second_factor: step !== null ? 'totp' : 'recovery_code' },
        ip,
      });
      return { token: await deps.tokens.issue(row), deviceToken: deps.devices.issue(row.id) };
    },

    /** Another administrator's second factor off (they set it up again); audited. */
    async reset(actor: { id: number; dni: string; ip: string | null }, targetId: number) {
      if (actor.id === targetId) throw conflict('cannot_reset_own_mfa');
      const target = await deps.users.findById(targetId);
      if (!target) throw notFound();
      // nothing to turn off: no sessions end and nothing is written to the audit log
      if (target.mfa_secret === null) throw conflict('mfa_not_enabled');
      await db.transaction(async () => {
        await mfa.reset(targetId);
        await audit.record({
          actorUserId: actor.id,
          actorDni: actor.dni,
          action: 'mfa.reset',
          entity: 'user',
          entityId: targetId,
          ip: actor.ip,
        });
      });
    },
  };
}

export type MfaService = ReturnType<typeof createMfa>;
