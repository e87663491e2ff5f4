import type { AuditRepo } from '../../data/audit-repo.js';
import type { Database } from '../../data/database.js';
import type { PersonsRepo } from '../../data/persons-repo.js';
import type { UserRow, UsersRepo } from '../../data/users-repo.js';
import { conflict, DomainError, tooManyRequests, unauthorized } from '../errors.js';
import { t } from '../../i18n/index.js';
import { normaliseDni, normaliseEmail } from '../../lib/identity.js';
import type { Passwords } from '../passwords.js';
import type { Reauthenticate } from '../reauthenticate.js';
import { CODE_TTL_SECONDS, type OneTimeCodes } from '../one-time-codes.js';
import type { DeviceTokens } from '../device-tokens.js';
import type { RateLimiter } from '../rate-limiter.js';
import { beginLogin, forgetLoginFailures } from './login-throttle.js';
import type { TokenService } from '../token-service.js';
import type { CodeDelivery } from './code-delivery.js';
import type { CallContext } from './context.js';
import { InputCheck } from './identity-input.js';
import type { Clock } from '../../lib/clock.js';
import { madridDate } from '../../lib/madrid-date.js';
import { mobileOnRecord } from '../record-phone.js';
import { squattedFrom, type HolderTakeover } from './holder-takeover.js';

export interface AccountsDeps {
  db: Database;
  clock: Clock;
  users: UsersRepo;
  persons: PersonsRepo;
  audit: AuditRepo;
  codes: OneTimeCodes;
  limiter: RateLimiter;
  tokens: TokenService;
  deliver: CodeDelivery;
  devices: DeviceTokens;
  passwords: Passwords;
  reauthenticate: Reauthenticate;
  /** After the right password: a second-step token when the account needs one (admin MFA). */
  secondStep?: (user: UserRow) => Promise<string | null>;
  /** After the right password: whether the account may only set up its second factor. */
  mustSetUpSecondFactor?: (user: UserRow) => boolean;
  /** After a registration is verified: a code to confirm the e-mail it gave (contact-change.ts). */
  confirmEmail?: (user: UserRow, call: CallContext) => Promise<void>;
  /** The DNI's holder taking over a person another account added (holder-takeover.ts). */
  takeover: HolderTakeover;
}

export interface RegisterInput {
  dni: string;
  phone: string;
  email?: string | null;
  password: string;
  repeat_password: string;
}

/** Wrong current passwords when changing it, per account in 15 minutes. */
export const PASSWORD_CHANGE_FAILURES = 5;

/** Registration, login and password recovery of residents' accounts. */
export function createAccountsService(deps: AccountsDeps) {
  const { db, users, persons, audit, codes, limiter, tokens, deliver } = deps;

  const issueToken = (user: UserRow) => tokens.issue(user);
  const today = () => madridDate(deps.clock.now());

  /** Code check with the failure written to the audit log (never the code itself). */
  async function checkCode(
    target: Parameters<OneTimeCodes['verify']>[0],
    code: string,
    call: CallContext,
    actor: { id: number | null; dni: string | null },
  ) {
    try {
      return await codes.verify(target, code, call.ip);
    } catch (err) {
      if (err instanceof DomainError && err.code === 'invalid_code') {
        await audit.record({
          actorUserId: actor.id,
          actorDni: actor.dni,
          action: 'code_failed',
          entity: 'one_time_code',
          details: { purpose: target.purpose },
          ip: call.ip,
          repeat: 'address',
        });
      }
      throw err;
    }
  }

  return {
    /**
     * Creates an unverified account (or replaces the pending data of an unverified one with the
     * same DNI) and sends the code by SMS. A verified DNI answers 409: registration has to say so.
     */
    async register(input: RegisterInput, call: CallContext): Promise<{ expiresIn: number }> {
      const check = new InputCheck();
      const dni = check.dni('dni', input.dni);
      const phone = check.mobile('phone', input.phone);
      const email = check.email(input.email);
      const password = check.password(
        'password',
        'repeat_password',
        input.password,
        input.repeat_password,
      );
      check.done();

      if ((await users.findByDni(dni))?.verified === 1) throw conflict('account_exists');
      const target = {
        purpose: 'register' as const,
        subject: dni,
        userId: null,
        channel: 'sms' as const,
        destination: phone,
        ip: call.ip,
      };
      await codes.reserveSend(target);
      // a DNI on the council's records with a mobile is registered from that mobile only, as
      // association already requires: nobody else can take a resident's DNI with their own phone
      // (and a record another resident added proves nothing: record-phone.ts)
      const onRecord = mobileOnRecord(await persons.originOfDni(dni), today());
      if (onRecord !== null && onRecord !== phone) {
        await audit.record({
          actorUserId: null,
          actorDni: dni,
          action: 'register_phone_mismatch',
          entity: 'user',
          ip: call.ip,
          repeat: 'address',
        });
        throw conflict('phone_mismatch');
      }
      const passwordHash = await deps.passwords.hash(password);

      const { userId, code, expiresIn } = await db.transaction(async () => {
        // two sign-ups with one DNI at the same moment: the second finds the first's account
        await db.lock(`register:${dni}`);
        const existing = await users.findByDni(dni);
        if (existing?.verified === 1) throw conflict('account_exists');
        let id: number;
        if (existing) {
          id = existing.id;
          await users.update(id, { phone, email, password_hash: passwordHash });
        } else {
          id = await users.insert({
            dni,
            phone,
            email,
            password_hash: passwordHash,
            role: 'user',
            verified: false,
          });
        }
        return { userId: id, ...(await codes.issue(target)) };
      });
      await audit.record({
        actorUserId: userId,
        actorDni: dni,
        action: 'register',
        entity: 'user',
        entityId: userId,
        ip: call.ip,
      });
      await deliver.sms(phone, t(call.locale, 'residents_sms_register', { code }));
      return { expiresIn };
    },

    /**
     * A new password for the signed-in account, given the current one: the other sessions end
     * (token_version), this one gets a new token. Wrong current passwords are counted before the
     * check, 5 per 15 minutes, like the deletion password.
     */
    async changePassword(
      actor: { id: number },
      input: { current_password: string; new_password: string; repeat_password: string },
      call: CallContext,
    ): Promise<string> {
      const check = new InputCheck();
      const password = check.password(
        'new_password',
        'repeat_password',
        input.new_password,
        input.repeat_password,
      );
      check.done();
      const user = await users.findById(actor.id);
      if (!user) throw unauthorized();
      await deps.reauthenticate(user, input.current_password, {
        bucket: `change-password:${actor.id}`,
        limit: PASSWORD_CHANGE_FAILURES,
        refusedAction: 'password_change_refused',
        ip: call.ip,
      });
      await users.update(user.id, {
        password_hash: await deps.passwords.hash(password),
        endSessions: true,
      });
      await forgetLoginFailures(limiter, user.dni);
      await audit.record({
        actorUserId: user.id,
        actorDni: user.dni,
        action: 'password_changed',
        entity: 'user',
        entityId: user.id,
        ip: call.ip,
      });
      const changed = await users.findById(user.id);
      if (!changed) throw unauthorized();
      return issueToken(changed);
    },

    /**
     * A new registration code, to the phone the pending registration was started with. A DNI with
     * nothing pending (unknown, or verified) answers alike after the same limits, and gets nothing.
     */
    async resendRegistrationCode(
      input: { dni: string },
      call: CallContext,
    ): Promise<{ expiresIn: number }> {
      const check = new InputCheck();
      const dni = check.dni('dni', input.dni);
      check.done();
      const pending = await users.findByDni(dni);
      const waiting = pending !== undefined && pending.verified !== 1;
      const target = {
        purpose: 'register' as const,
        subject: dni,
        userId: null,
        channel: 'sms' as const,
        // a DNI with nothing pending counts on a destination of its own, never a real phone's
        destination: waiting ? pending.phone : `none:${dni}`,
        ip: call.ip,
      };
      await codes.reserveSend(target);
      if (!waiting) return { expiresIn: CODE_TTL_SECONDS };
      const { code, expiresIn } = await codes.issue(target);
      await audit.record({
        actorUserId: pending.id,
        actorDni: dni,
        action: 'register_code_resent',
        entity: 'user',
        entityId: pending.id,
        ip: call.ip,
      });
      await deliver.sms(pending.phone, t(call.locale, 'residents_sms_register', { code }));
      return { expiresIn };
    },

    /**
     * Checks the SMS code, marks the account verified, links the enrolment with the same DNI and
     * phone. Answers a session and, as a login does, a device token for this browser.
     */
    async verifyRegistration(
      input: { dni: string; otp_code: string },
      call: CallContext,
    ): Promise<{ token: string; deviceToken: string }> {
      const dni = normaliseDni(input.dni);
      const pending = await users.findByDni(dni);
      const row = await checkCode(
        { purpose: 'register', subject: dni, userId: null },
        input.otp_code,
        call,
        {
          id: pending?.id ?? null,
          dni,
        },
      );
      const user = await db.transaction(async () => {
        const current = await users.findByDni(dni);
        if (!current || current.verified === 1 || current.phone !== row.destination)
          throw new DomainError('bad_request', 'invalid_code');
        await users.update(current.id, { verified: true });
        const person = await persons.originOfDni(dni);
        // the DNI's holder owns its person: a record another account added for them (with that
        // account's mobile) is taken over at once, its other links ended (docs/security.md)
        if (person !== undefined && squattedFrom(person, current.phone, today())) {
          const displaced = await deps.takeover.take(
            { id: current.id, dni, phone: current.phone, email: current.email },
            person.id,
            call.ip,
          );
          return { ...current, verified: 1 as const, linkedPersonId: person.id, displaced };
        }
        const linked =
          person !== undefined &&
          mobileOnRecord(person, today()) === current.phone &&
          (await persons.link(current.id, person.id));
        return {
          ...current,
          verified: 1 as const,
          linkedPersonId: linked ? person.id : null,
          displaced: null,
        };
      });
      await deps.takeover.tell(user.displaced ?? []);
      await audit.record({
        actorUserId: user.id,
        actorDni: dni,
        action: 'registration_verified',
        entity: 'user',
        entityId: user.id,
        details: user.linkedPersonId
          ? {
              linked_person_id: user.linkedPersonId,
              ...(user.displaced ? { taken_over_from: user.displaced.length } : {}),
            }
          : null,
        ip: call.ip,
      });
      // the e-mail typed at registration serves recovery only once a code sent to it comes back
      await deps.confirmEmail?.(user, call);
      return { token: await issueToken(user), deviceToken: deps.devices.issue(user.id) };
    },

    /**
     * DNI and password. Unknown DNI, wrong password and unverified account answer the same 401
     * at the same cost; failures are throttled per account and per IP.
     */
    async login(
      input: { username: string; password: string; device_token?: string | null },
      call: CallContext,
    ): Promise<{ token: string; deviceToken: string; setupOnly: boolean } | { mfaToken: string }> {
      const dni = normaliseDni(input.username);
      const user = await users.findByDni(dni);
      const deviceId = user ? deps.devices.check(input.device_token, user.id) : null;
      // under load, staff and devices the account knows go first (http/load-shedding.ts)
      const known = user?.role === 'admin' || deviceId !== null;
      if (!known) call.refuseAnonymous?.();
      const attempt = await beginLogin(limiter, { dni, ip: call.ip, deviceId });
      if ('retryAfter' in attempt) {
        await audit.record({
          actorUserId: null,
          actorDni: dni,
          action: 'login_throttled',
          entity: 'user',
          details: { limit: attempt.limit },
          ip: call.ip,
          // a limit on one account counts its refusals together, the address's ones per address
          repeat: attempt.limit === 'account' || attempt.limit === 'device' ? 'account' : 'address',
        });
        throw tooManyRequests(attempt.retryAfter);
      }
      const ok = await deps.passwords.verify(
        user?.password_hash ?? (await deps.passwords.dummyHash()),
        input.password,
        known ? 'known' : 'anonymous',
      );
      if (!user || !ok || user.verified !== 1) {
        const reason = !user ? 'unknown_account' : !ok ? 'wrong_password' : 'unverified';
        // past the address's spraying ceiling a wrong password answers 429, not 401
        const wait = await attempt.failed();
        await audit.record({
          actorUserId: user?.id ?? null,
          actorDni: dni,
          action: wait === null ? 'login_failed' : 'login_throttled',
          entity: 'user',
          entityId: user?.id ?? null,
          details: wait === null ? { reason } : { limit: 'spraying', reason },
          ip: call.ip,
          repeat: 'address',
        });
        if (wait !== null) throw tooManyRequests(wait);
        throw unauthorized('invalid_credentials');
      }
      await attempt.succeeded();
      const mfaToken = await deps.secondStep?.(user);
      if (mfaToken) {
        await audit.record({
          actorUserId: user.id,
          actorDni: dni,
          action: 'login_second_step',
          entity: 'user',
          entityId: user.id,
          ip: call.ip,
        });
        return { mfaToken };
      }
      await audit.record({
        actorUserId: user.id,
        actorDni: dni,
        action: 'login_success',
        entity: 'user',
        entityId: user.id,
        ip: call.ip,
      });
      // an administrator who must set up a second factor gets a 10-minute token for that only
      const setupOnly = deps.mustSetUpSecondFactor?.(user) ?? false;
      return {
        token: await tokens.issue(user, setupOnly ? 'mfa_setup' : undefined),
        deviceToken: deps.devices.issue(user.id, deviceId),
        setupOnly,
      };
    },

    /**
     * Sends a recovery code when the address is a verified account's confirmed one (an address
     * never confirmed may be someone else's, typed first by whoever registered). The answer, the
     * limits and the time taken are the same either way, so the call tells nobody whether it has
     * an account.
     */
    async requestRecovery(
      input: { email: string },
      call: CallContext,
    ): Promise<{ expiresIn: number }> {
      const email = normaliseEmail(input.email) ?? '';
      const user = await users.findByConfirmedEmail(email);
      const target = {
        purpose: 'recover' as const,
        subject: email,
        userId: null,
        channel: 'email' as const,
        destination: email,
        ip: call.ip,
      };
      await codes.reserveSend(user ? { ...target, userId: user.id } : target);
      if (!user) return { expiresIn: 0 };
      const { code, expiresIn } = await codes.issue({ ...target, userId: user.id });
      await audit.record({
        actorUserId: user.id,
        actorDni: user.dni,
        action: 'password_recovery_requested',
        entity: 'user',
        entityId: user.id,
        ip: call.ip,
      });
      // not awaited: a slow mail server must not make known addresses answer slower than unknown ones
      deliver.mailInBackground(
        email,
        t(call.locale, 'residents_mail_recovery_subject'),
        t(call.locale, 'residents_mail_recovery_body', { code }),
        'recovery e-mail',
      );
      return { expiresIn };
    },

    /** Sets the new password with the e-mailed code; every older session ends. */
    async verifyRecovery(
      input: {
        email: string;
        recovery_code: string;
        new_password: string;
        repeat_password?: string;
      },
      call: CallContext,
    ): Promise<void> {
      const check = new InputCheck();
      const password = check.password(
        'new_password',
        'repeat_password',
        input.new_password,
        input.repeat_password,
      );
      check.done();
      const email = normaliseEmail(input.email) ?? '';
      const user = await users.findByConfirmedEmail(email);
      await checkCode(
        { purpose: 'recover', subject: email, userId: user?.id ?? null },
        input.recovery_code,
        call,
        {
          id: user?.id ?? null,
          dni: user?.dni ?? null,
        },
      );
      if (!user) throw new DomainError('bad_request', 'invalid_code');
      const passwordHash = await deps.passwords.hash(password);
      await users.update(user.id, { password_hash: passwordHash, endSessions: true });
      await forgetLoginFailures(limiter, user.dni);
      await audit.record({
        actorUserId: user.id,
        actorDni: user.dni,
        action: 'password_reset',
        entity: 'user',
        entityId: user.id,
        ip: call.ip,
      });
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
