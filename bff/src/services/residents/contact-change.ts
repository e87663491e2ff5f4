import type { AuditRepo } from '../../data/audit-repo.js';
import type { UserRow, UsersRepo } from '../../data/users-repo.js';
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
 */
export function createContactChange(deps: {
  reauthenticate: Reauthenticate;
  users: UsersRepo;
  audit: AuditRepo;
  codes: OneTimeCodes;
  deliver: CodeDelivery;
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
    await users.update(user.id, contact === 'email' ? { email: value } : { phone: value });
    await audit.record({
      actorUserId: user.id,
      actorDni: user.dni,
      action: `${contact}_changed`,
      entity: 'user',
      entityId: user.id,
      ip: call.ip,
    });
    // the address the account had hears of the change (for a new mobile: the account's e-mail)
    if (user.email) {
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
