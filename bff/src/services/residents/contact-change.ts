import type { AuditRepo } from '../../data/audit-repo.js';
import { isUniqueViolation } from '../../data/engines.js';
import type { UserRow, UsersRepo } from '../../data/users-repo.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../logger.js';
import { conflict, unauthorized } from '../errors.js';
import { t } from '../../i18n/index.js';
import type { OneTimeCodes } from '../one-time-codes.js';
import type { Reauthenticate } from '../reauthenticate.js';
import type { CodeDelivery } from './code-delivery.js';
import type { Actor, CallContext } from './context.js';
import { InputCheck } from './identity-input.js';

/** Wrong passwords when changing the e-mail or the mobile, per account in 15 minutes (shared). */
export const CONTACT_CHANGE_FAILURES = 5;

type Contact = 'email' | 'phone';

/**
 * Changing a signed-in account's e-mail or mobile: the password first, then a code sent to the new
 * address proves the resident receives there; only then does the account change. The address it
 * had is told afterwards, so a change nobody asked for does not go unnoticed.
 *
 * Confirming the account's own e-mail is the same proof with the same address: a `change_email`
 * code for the address it has (sent after registration, or when asked, with no password: it only
 * goes where the account already points). An e-mail is used for password recovery only once
 * confirmed, and no two accounts hold one confirmed address.
 */
export function createContactChange(deps: {
  reauthenticate: Reauthenticate;
  users: UsersRepo;
  audit: AuditRepo;
  codes: OneTimeCodes;
  deliver: CodeDelivery;
  clock: Clock;
  logger: Logger;
}) {
  const { users, audit, codes, deliver } = deps;

  const purposeOf = (contact: Contact) =>
    contact === 'email' ? ('change_email' as const) : ('change_phone' as const);

  /** The new value as stored (trimmed, lower-case e-mail; 9-digit mobile), or 422. */
  function parse(contact: Contact, raw: string): string {
    const check = new InputCheck();
    const value = contact === 'email' ? (check.email(raw) ?? '') : check.mobile('phone', raw);
    check.done();
    return value;
  }

  async function account(actor: Actor): Promise<UserRow> {
    const user = await users.findById(actor.id);
    if (!user) throw unauthorized();
    return user;
  }

  const current = (user: UserRow, contact: Contact) =>
    contact === 'email' ? user.email : user.phone;

  async function start(
    contact: Contact,
    actor: Actor,
    raw: string,
    password: string,
    call: CallContext,
  ): Promise<{ expiresIn: number }> {
    const value = parse(contact, raw);
    const user = await account(actor);
    if (current(user, contact) === value) throw conflict('unchanged');
    await deps.reauthenticate(user, password, {
      bucket: `contact-change:${user.id}`,
      limit: CONTACT_CHANGE_FAILURES,
      refusedAction: `${contact}_change_refused`,
      ip: call.ip,
    });
    const target = {
      purpose: purposeOf(contact),
      subject: value,
      userId: user.id,
      channel: contact === 'email' ? ('email' as const) : ('sms' as const),
      destination: value,
      ip: call.ip,
    };
    await codes.reserveSend(target);
    const { code, expiresIn } = await codes.issue(target);
    await audit.record({
      actorUserId: user.id,
      actorDni: user.dni,
      action: `${contact}_change_requested`,
      entity: 'user',
      entityId: user.id,
      ip: call.ip,
    });
    if (contact === 'email') {
      await deliver.mail(
        value,
        t(call.locale, 'residents_mail_email_change_subject'),
        t(call.locale, 'residents_mail_email_change_body', { code }),
      );
    } else {
      await deliver.sms(value, t(call.locale, 'residents_sms_phone_change', { code }));
    }
    return { expiresIn };
  }

  /**
   * The code that confirms the account's current address (as verify reads it back: trimmed and
   * lower-case); the caller sends it. `byAddress` false: not counted against the caller's
   * address's sends (the one right after a verified registration, which an SMS code already paid
   * for: a council's desk registering residents one after another must not run out of codes).
   */
  async function issueConfirmation(
    user: UserRow & { email: string },
    call: CallContext,
    byAddress = true,
  ) {
    const address = user.email.trim().toLowerCase();
    const target = {
      purpose: 'change_email' as const,
      subject: address,
      userId: user.id,
      channel: 'email' as const,
      destination: address,
      ip: byAddress ? call.ip : null,
    };
    await codes.reserveSend(target);
    const issued = await codes.issue(target);
    await audit.record({
      actorUserId: user.id,
      actorDni: user.dni,
      action: 'email_confirmation_requested',
      entity: 'user',
      entityId: user.id,
      ip: call.ip,
    });
    return issued;
  }

  const confirmationMail = (call: CallContext, code: string) =>
    [
      t(call.locale, 'residents_mail_email_confirm_subject'),
      t(call.locale, 'residents_mail_email_confirm_body', { code }),
    ] as const;

  /**
   * The address becomes the account's, confirmed now. One that another account has confirmed
   * answers 409 and changes nothing; the caller has just proved they receive mail there, so only
   * the owner of the address can learn that it is taken. The unique index settles a race.
   */
  async function takeConfirmedEmail(user: UserRow, value: string): Promise<void> {
    if (await users.emailConfirmedElsewhere(value, user.id)) throw conflict('email_taken');
    try {
      await users.update(user.id, {
        email: value,
        emailConfirmedAt: deps.clock.now().toISOString(),
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('email_taken');
      throw err;
    }
  }

  async function verify(
    contact: Contact,
    actor: Actor,
    raw: string,
    code: string,
    call: CallContext,
  ): Promise<void> {
    const value = parse(contact, raw);
    const user = await account(actor);
    await codes.verify(
      { purpose: purposeOf(contact), subject: value, userId: user.id },
      code,
      call.ip,
    );
    if (contact === 'email') await takeConfirmedEmail(user, value);
    else await users.update(user.id, { phone: value });
    const confirmedOnly = contact === 'email' && user.email?.trim().toLowerCase() === value;
    await audit.record({
      actorUserId: user.id,
      actorDni: user.dni,
      action: confirmedOnly ? 'email_confirmed' : `${contact}_changed`,
      entity: 'user',
      entityId: user.id,
      ip: call.ip,
    });
    // the address the account had hears of the change (for a new mobile: the account's e-mail)
    if (user.email && !confirmedOnly) {
      deliver.mailInBackground(
        user.email,
        t(call.locale, 'residents_mail_contact_changed_subject'),
        t(call.locale, 'residents_mail_contact_changed_body', {
          what: t(call.locale, `residents_contact_${contact}`),
          dni: user.dni,
          value,
        }),
        'contact change notice',
      );
    }
  }

  return {
    /** "Confirm my e-mail": a code to the address the account has (no password needed). */
    async startEmailConfirmation(actor: Actor, call: CallContext): Promise<{ expiresIn: number }> {
      const user = await account(actor);
      const email = user.email;
      if (!email) throw conflict('no_email');
      if (user.email_confirmed_at) throw conflict('already_confirmed');
      const { code, expiresIn } = await issueConfirmation({ ...user, email }, call);
      await deliver.mail(email, ...confirmationMail(call, code));
      return { expiresIn };
    },
    /**
     * After a registration is verified: a code to the e-mail it gave, if any. Best effort: a full
     * send limit or a mail server away leaves the registration done (the resident asks for
     * another code from "Mi cuenta").
     */
    async confirmAfterRegistration(user: UserRow, call: CallContext): Promise<void> {
      const email = user.email;
      if (!email || user.email_confirmed_at) return;
      try {
        const { code } = await issueConfirmation({ ...user, email }, call, false);
        deliver.mailInBackground(email, ...confirmationMail(call, code), 'e-mail confirmation');
      } catch (err) {
        deps.logger.warn('e-mail confirmation not sent after registration', {
          user: user.id,
          error: err instanceof Error ? err.message : String(err),
        });
      }
    },
    startEmailChange: (
      actor: Actor,
      input: { email: string; password: string },
      call: CallContext,
    ) => start('email', actor, input.email, input.password, call),
    verifyEmailChange: (actor: Actor, input: { email: string; code: string }, call: CallContext) =>
      verify('email', actor, input.email, input.code, call),
    startPhoneChange: (
      actor: Actor,
      input: { phone: string; password: string },
      call: CallContext,
    ) => start('phone', actor, input.phone, input.password, call),
    verifyPhoneChange: (actor: Actor, input: { phone: string; code: string }, call: CallContext) =>
      verify('phone', actor, input.phone, input.code, call),
  };
}

export type ContactChange = ReturnType<typeof createContactChange>;
