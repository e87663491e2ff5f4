import type { FamilyDifferences, FamilyDifferenceView } from '../payments/family-differences.js';
import type { AuditRepo } from '../../data/audit-repo.js';
import type { EnrolmentsRepo } from '../../data/enrolments-repo.js';
import { isUniqueViolation } from '../../data/engines.js';
import type { UsersRepo } from '../../data/users-repo.js';
import { cleanName, fullName } from '../../lib/clean-name.js';
import type { Clock } from '../../lib/clock.js';
import { isValidBirthDate } from '../../lib/birth-date.js';
import { madridDate } from '../../lib/madrid-date.js';
import type { ConfigRepo } from '../../data/config-repo.js';
import type { Database } from '../../data/database.js';
import type { PersonRow, PersonsRepo } from '../../data/persons-repo.js';
import { conflict, DomainError, notFound, tooManyRequests, unauthorized } from '../errors.js';
import { t } from '../../i18n/index.js';
import { normaliseDni } from '../../lib/identity.js';
import { centsToEuros } from '../../lib/money.js';
import type { OneTimeCodes } from '../one-time-codes.js';
import { amountWithReduction, amountWithoutReduction } from '../pricing.js';
import { toFeeBreakdownView, type FeeBreakdownView } from '../fees/breakdown-view.js';
import type { FeeQuotes, PersonFees } from '../fees/quotes.js';
import type { OwedBackRepo } from '../../data/owed-back-repo.js';
import {
  chargedPerPart,
  parseParts,
  registrationDue,
  splitEnrolledFee,
  type ChargedItem,
  type EnrolledFee,
} from '../fees/parts.js';
import type { Locale } from '../../i18n/index.js';
import type { RateLimiter, RateRule } from '../rate-limiter.js';
import type { CodeDelivery } from './code-delivery.js';
import type { Actor, CallContext } from './context.js';
import { InputCheck } from './identity-input.js';
import { squattedFrom, type Displaced, type HolderTakeover } from './holder-takeover.js';
import { identityNameKey } from '../../data/search-keys.js';
import { ageOn, DNI_REQUIRED_FROM_AGE } from '../record-phone.js';
import { isMobile } from '../../lib/identity.js';

/** People one account may add in a day (a family, not a script). */
export const PEOPLE_ADDED_PER_DAY = 10;

/** Failed look-ups (wrong DNI/phone pairs) one account may make per hour, so it cannot probe the register. */
export const ASSOCIATION_MISSES_PER_HOUR = 10;

export interface ManagedPerson {
  person_activity_id: number;
  full_name: string;
  dni: string | null;
  birth_date: string | null;
}

export interface PersonActivity {
  id: number;
  name: string;
  price: number;
  start_date: string | null;
  is_paid: boolean;
  /** What paying it now charges; null once paid. */
  amount_due: number | null;
  /** How amount_due comes about (fee rules in place); null once paid and in the simple mode. */
  breakdown: FeeBreakdownView | null;
  amount: number;
  amount_with_discount: number | null;
  dni: string | null;
  person_activity_id: number;
  /** Of a fee in parts, which part this line is (a line per part); absent: the whole fee. */
  part?: { number: number; of: number; due_date: string };
  /** How much of this line's amounts is the registration fee (never reduced). */
  registration_fee: number;
  /** A paid fee's family discount no longer earned, pending for the family. */
  family_difference?: FamilyDifferenceView | null;
  /** What will be refunded of a fee in parts a later reduction left owing back; absent: nothing. */
  refund_due?: number;
}

/** Each line of a fee that owes money back (activity id → cents) says how much will be refunded. */
const withRefundDue = (
  lines: PersonActivity[],
  owed: ReadonlyMap<number, number>,
): PersonActivity[] =>
  owed.size === 0
    ? lines
    : lines.map((line) =>
        owed.has(line.id) ? { ...line, refund_due: centsToEuros(owed.get(line.id)!) } : line,
      );

/**
 * A fee in parts as a line per part (services/fees/parts.ts): each with its own amount (its share
 * of the fee, or of the reduced fee in the simple mode's `amount_with_discount`), paid or not.
 * A fee without parts stays one line.
 */
function perPart(
  line: PersonActivity,
  row: EnrolledFee,
  feeCents: number,
  reducedCents: number | null,
  paidBreakdown: FeeBreakdownView | null,
  chargedItems: readonly ChargedItem[] = [],
): PersonActivity[] {
  const parts = parseParts(row.parts);
  if (parts.length === 0) return [line];
  // what each paid part charged, shown as charged (never re-computed)
  const charged = chargedPerPart(parts, chargedItems);
  const reduced = reducedCents === null ? null : splitEnrolledFee(row, reducedCents, charged);
  return splitEnrolledFee(row, feeCents, charged).map((part, index) => ({
    ...line,
    is_paid: part.paid,
    amount_due: part.paid ? null : centsToEuros(part.amount_cents),
    amount: centsToEuros(part.amount_cents),
    amount_with_discount:
      reduced === null || part.paid ? null : centsToEuros(reduced[index]!.amount_cents),
    breakdown: part.paid ? paidBreakdown : line.breakdown,
    part: { number: part.number, of: part.of, due_date: part.due_date },
    registration_fee: centsToEuros(part.registration_fee_cents),
  }));
}

/** A whole fee's line: the registration fee still due added to what paying it charges. */
function withRegistration(line: PersonActivity, row: EnrolledFee): PersonActivity {
  if (parseParts(row.parts).length > 0) return line;
  const due = registrationDue(row);
  const add = (euros: number | null) =>
    euros === null ? null : centsToEuros(Math.round(euros * 100) + due);
  return row.is_paid === 1
    ? { ...line, registration_fee: centsToEuros(row.registration_fee_paid_cents) }
    : {
        ...line,
        amount_due: add(line.amount_due),
        amount: add(line.amount)!,
        amount_with_discount: add(line.amount_with_discount),
        registration_fee: centsToEuros(due),
      };
}

export interface PersonsDeps {
  db: Database;
  clock: Clock;
  users: Pick<UsersRepo, 'findById'>;
  enrolments: Pick<EnrolmentsRepo, 'insert'>;
  persons: PersonsRepo;
  config: ConfigRepo;
  audit: AuditRepo;
  codes: OneTimeCodes;
  limiter: RateLimiter;
  deliver: CodeDelivery;
  quotes: Pick<FeeQuotes, 'forPerson'>;
  /** Family discounts no longer earned, pending for the family (services/payments). */
  familyDifferences?: Pick<FamilyDifferences, 'openFor'>;
  /** What fees in parts owe back after a late reduction (migration 490). */
  owedBack?: Pick<OwedBackRepo, 'ofPerson'>;
  /** The DNI's holder taking over a person another account added (holder-takeover.ts). */
  takeover: HolderTakeover;
}

export const toManagedPerson = (person: PersonRow): ManagedPerson => ({
  person_activity_id: person.id,
  full_name: fullName(person),
  dni: person.dni,
  birth_date: person.birth_date,
});

/** The people an account manages: linking by SMS code, unlinking, and their activities with amounts. */
export function createPersonsService(deps: PersonsDeps) {
  const { db, persons, audit, codes, limiter, deliver } = deps;

  const missRules = (actor: Actor): RateRule[] => [
    { bucket: `assoc:miss:${actor.id}`, limit: ASSOCIATION_MISSES_PER_HOUR, windowMs: 60 * 60_000 },
  ];

  /** A name and birth date as a person's identity is checked: cleaned, with refusals per field. */
  function checkedIdentity(
    check: InputCheck,
    input: { first_name: string; last_name: string; birth_date: string },
  ) {
    const firstName = cleanName(input.first_name);
    const lastName = cleanName(input.last_name);
    if (firstName === '') check.add('first_name', 'complete_all_required_fields');
    if (lastName === '') check.add('last_name', 'complete_all_required_fields');
    const today = madridDate(deps.clock.now());
    const birthDate = input.birth_date;
    const validBirth = isValidBirthDate(birthDate, today);
    if (!validBirth) check.add('birth_date', 'invalid_birth_date');
    return { firstName, lastName, birthDate, validBirth, today };
  }

  /**
   * The record a name and birth date point to for the by-name link: the oldest with a mobile
   * (staff merge any duplicates), or none.
   */
  async function recordByName(
    actor: Actor,
    who: { firstName: string; lastName: string; birthDate: string },
  ) {
    const nameKey = identityNameKey({ first_name: who.firstName, last_name: who.lastName });
    const found = await persons.findByIdentity(who.birthDate, nameKey, actor.id);
    return found.find((person) => isMobile(person.phone));
  }

  /**
   * An association code for this account and subject (a DNI, or `person:<id>` for the by-name
   * link), sent by SMS to the mobile on the person's record, audited.
   */
  async function sendAssociationCode(
    actor: Actor,
    person: PersonRow,
    subject: string,
    messageKey: 'residents_sms_associate' | 'residents_sms_associate_shared',
    call: CallContext,
  ): Promise<{ expiresIn: number }> {
    const send = {
      purpose: 'associate' as const,
      subject,
      userId: actor.id,
      enrolmentId: person.id,
      channel: 'sms' as const,
      destination: person.phone,
      ip: call.ip,
    };
    await codes.reserveSend(send);
    const { code, expiresIn } = await codes.issue(send);
    await audit.record({
      actorUserId: actor.id,
      actorDni: actor.dni,
      action: 'association_requested',
      entity: 'enrolment',
      entityId: person.id,
      details: subject === person.dni ? null : { by: 'name' },
      ip: call.ip,
    });
    await deliver.sms(person.phone, t(call.locale, messageKey, { code, name: person.first_name }));
    return { expiresIn };
  }

  /**
   * Checks an association code sent for this account and subject, then links the person read
   * again under the transaction: the record may have gone, or its mobile changed, since the code
   * was sent (then the code is no good).
   */
  async function linkWithCode(
    actor: Actor,
    subject: string,
    otpCode: string,
    call: CallContext,
    find: () => Promise<PersonRow | undefined>,
  ): Promise<ManagedPerson> {
    try {
      const row = await codes.verify(
        { purpose: 'associate', subject, userId: actor.id },
        otpCode,
        call.ip,
      );
      return await db.transaction(async () => {
        const person = row.enrolment_id === null ? undefined : await find();
        if (!person || person.id !== row.enrolment_id || person.phone !== row.destination) {
          throw new DomainError('bad_request', 'invalid_code');
        }
        if (!(await persons.link(actor.id, person.id))) throw conflict('already_associated');
        await audit.record({
          actorUserId: actor.id,
          actorDni: actor.dni,
          action: 'person_associated',
          entity: 'enrolment',
          entityId: person.id,
          ip: call.ip,
        });
        return toManagedPerson(person);
      });
    } catch (err) {
      if (err instanceof DomainError && err.code === 'invalid_code') {
        await audit.record({
          actorUserId: actor.id,
          actorDni: actor.dni,
          action: 'code_failed',
          entity: 'one_time_code',
          details: { purpose: 'associate' },
          ip: call.ip,
          repeat: 'address',
        });
      }
      throw err;
    }
  }

  /** The person when linked to this account; 404 otherwise, whether it exists or not. */
  async function linkedPerson(actor: Actor, personId: number): Promise<PersonRow> {
    const person = await persons.findLinked(actor.id, personId);
    if (!person) throw notFound();
    return person;
  }

  /**
   * With fee rules: a pending fee's amount is the fee itself (amount = amount_due, no global
   * discount); a paid one shows what was paid and the breakdown it was charged by.
   */
  function feeActivities(
    person: PersonRow,
    { rows, quotes, paid, charged }: PersonFees,
    locale: Locale,
  ): PersonActivity[] {
    return rows.flatMap((row) => {
      const quote = quotes.get(row.activity_id)!;
      const isPaid = row.is_paid === 1;
      const amount = isPaid ? (row.paid_amount_cents ?? quote.amount_cents) : quote.amount_cents;
      // what a paid fee (or a paid part of it) was charged by
      const paidBreakdown = toFeeBreakdownView(paid.get(row.activity_id), locale);
      const line = {
        id: row.activity_id,
        name: row.name,
        price: centsToEuros(row.price_cents),
        start_date: row.start_date,
        is_paid: isPaid,
        amount_due: isPaid ? null : centsToEuros(quote.amount_cents),
        breakdown: isPaid ? paidBreakdown : toFeeBreakdownView(quote.breakdown, locale),
        amount: centsToEuros(amount),
        amount_with_discount: null,
        dni: person.dni,
        person_activity_id: person.id,
        registration_fee: 0,
      };
      return perPart(
        withRegistration(line, row),
        row,
        quote.amount_cents,
        null,
        paidBreakdown,
        charged.get(row.activity_id),
      );
    });
  }

  return {
    list: async (actor: Actor): Promise<ManagedPerson[]> =>
      (await persons.listForUser(actor.id)).map(toManagedPerson),

    /**
     * Finds the enrolment by DNI, checks the phone against the one on record (an unknown DNI and a
     * wrong phone answer alike) and sends a code to the phone on record.
     */
    async requestAssociation(
      actor: Actor,
      input: { dni: string; phone: string },
      call: CallContext,
    ): Promise<{ expiresIn: number }> {
      const check = new InputCheck();
      const dni = check.dni('dni', input.dni);
      const phone = check.mobile('phone', input.phone);
      check.done();

      // counted before the look-up, and given back when it finds the person
      const taken = await limiter.take(missRules(actor));
      if (!taken.ok) throw tooManyRequests(taken.retryAfter);
      const person = await persons.findByDni(dni);
      if (!person || person.phone !== phone) throw notFound('person_not_found');
      await limiter.giveBack(missRules(actor));
      if (await persons.findLinked(actor.id, person.id)) throw conflict('already_associated');
      return sendAssociationCode(actor, person, dni, 'residents_sms_associate', call);
    },

    /** Links the person with the code sent for this account and this DNI (no other code works). */
    async verifyAssociation(
      actor: Actor,
      input: { dni: string; otp_code: string },
      call: CallContext,
    ): Promise<ManagedPerson> {
      const dni = normaliseDni(input.dni);
      return linkWithCode(actor, dni, input.otp_code, call, () => persons.findByDni(dni));
    },

    /**
     * The link for a person found by name and birth date (the other parent's child, who has no
     * DNI to give): the code goes to the mobile on the person's record, so the account that
     * added them decides. A name and birth date on no record is a miss, like a wrong DNI.
     */
    async requestAssociationByName(
      actor: Actor,
      input: { first_name: string; last_name: string; birth_date: string },
      call: CallContext,
    ): Promise<{ expiresIn: number }> {
      const check = new InputCheck();
      const who = checkedIdentity(check, input);
      check.done();
      const taken = await limiter.take(missRules(actor));
      if (!taken.ok) throw tooManyRequests(taken.retryAfter);
      const person = await recordByName(actor, who);
      if (!person)
        throw new DomainError('not_found', 'person_not_found', {
          messageKey: 'person_not_found_by_name',
        });
      await limiter.giveBack(missRules(actor));
      if (Number(person.linked_here) > 0) throw conflict('already_associated');
      return sendAssociationCode(
        actor,
        person,
        `person:${person.id}`,
        'residents_sms_associate_shared',
        call,
      );
    },

    /** Links the person found by name and birth date with the code sent for this account. */
    async verifyAssociationByName(
      actor: Actor,
      input: { first_name: string; last_name: string; birth_date: string; otp_code: string },
      call: CallContext,
    ): Promise<ManagedPerson> {
      const check = new InputCheck();
      const who = checkedIdentity(check, input);
      check.done();
      const person = await recordByName(actor, who);
      // a name on no record still spends a code check (subject of no person), like a wrong code
      const subject = `person:${person?.id ?? 0}`;
      return linkWithCode(actor, subject, input.otp_code, call, async () =>
        person ? persons.findById(person.id) : undefined,
      );
    },

    /**
     * A person the account looks after who is on no record yet (a child, most often): the DNI is
     * required from 14 years of age (as the law requires one from then), and a DNI already on
     * the records must be linked by SMS code instead, so nobody claims someone else's record.
     * Contact details are the account's own: the council reaches the person through it.
     */
    async addPerson(
      actor: Actor,
      input: { first_name: string; last_name: string; birth_date: string; dni?: string | null },
      call: CallContext,
    ): Promise<ManagedPerson> {
      const check = new InputCheck();
      const { firstName, lastName, birthDate, validBirth, today } = checkedIdentity(check, input);
      const given = input.dni?.trim() ? input.dni : null;
      const dni = given === null ? null : check.dni('dni', given);
      if (validBirth && dni === null && ageOn(birthDate, today) >= DNI_REQUIRED_FROM_AGE)
        check.add('dni', 'dni_required_from_14');
      check.done();

      const taken = await limiter.take([
        { bucket: `person-add:${actor.id}`, limit: PEOPLE_ADDED_PER_DAY, windowMs: 86_400_000 },
      ]);
      if (!taken.ok) throw tooManyRequests(taken.retryAfter);
      const account = await deps.users.findById(actor.id);
      // the account deleted since its token was checked: its session is over (addPerson answers no 404)
      if (!account) throw unauthorized();
      const nameKey = identityNameKey({ first_name: firstName, last_name: lastName });
      let displaced: Displaced[] = [];
      try {
        const added = await db.transaction(async () => {
          // one person one record: two accounts adding the same child at once wait for each other
          await db.lock(`person:${birthDate}:${nameKey}`);
          if (dni !== null) {
            const onRecord = await persons.findByDni(dni);
            if (onRecord) {
              if (await persons.findLinked(actor.id, onRecord.id)) throw conflict('person_exists');
              // the account registered this DNI with its own verified mobile: it holds the DNI,
              // and a record another account added for it is its own (docs/security.md)
              if (
                account.dni === dni &&
                account.verified === 1 &&
                squattedFrom(await persons.originOfDni(dni), account.phone, today)
              ) {
                displaced = await deps.takeover.take(
                  { id: account.id, dni, phone: account.phone, email: account.email },
                  onRecord.id,
                  call.ip,
                );
                return toManagedPerson((await persons.findLinked(actor.id, onRecord.id))!);
              }
              throw conflict('person_on_record');
            }
          }
          // the same name and birth date is the same person unless both have a DNI (and they differ)
          const same = (await persons.findByIdentity(birthDate, nameKey, actor.id)).filter(
            (person) => person.dni === null || dni === null || person.dni === dni,
          );
          if (same.some((person) => Number(person.linked_here) > 0))
            throw conflict('person_exists');
          if (same.length > 0) throw conflict('person_managed_elsewhere');
          const id = await deps.enrolments.insert({
            first_name: firstName,
            last_name: lastName,
            dni,
            email: account.email,
            phone: account.phone,
            birth_date: birthDate,
            added_by_resident: 1,
          });
          await persons.link(actor.id, id);
          await audit.record({
            actorUserId: actor.id,
            actorDni: actor.dni,
            action: 'person_added',
            entity: 'enrolment',
            entityId: id,
            details: { with_dni: dni !== null },
            ip: call.ip,
          });
          return toManagedPerson((await persons.findLinked(actor.id, id))!);
        });
        await deps.takeover.tell(displaced);
        return added;
      } catch (err) {
        // the same DNI added at the same moment by someone else
        if (isUniqueViolation(err)) throw conflict('person_on_record');
        throw err;
      }
    },

    /** Stops managing the person; the enrolment itself stays. */
    async unlink(actor: Actor, personId: number, call: CallContext): Promise<void> {
      const person = await linkedPerson(actor, personId);
      await persons.unlink(actor.id, person.id);
      await audit.record({
        actorUserId: actor.id,
        actorDni: actor.dni,
        action: 'person_unlinked',
        entity: 'enrolment',
        entityId: person.id,
        ip: call.ip,
      });
    },

    /**
     * The person's activities with the server's amounts (the payment charges exactly these): in
     * the simple mode the spec's 75 % and global discount (a paid one: what was paid); with fee
     * rules in place each pending fee as the council's ordinance makes it (services/fees), with
     * its breakdown.
     */
    async activities(actor: Actor, personId: number, locale: Locale): Promise<PersonActivity[]> {
      const person = await linkedPerson(actor, personId);
      const fees = await deps.quotes.forPerson(person.id);
      if (fees) {
        const owed =
          deps.owedBack && fees.rows.some((row) => row.parts_paid > 0)
            ? await deps.owedBack.ofPerson(person.id)
            : new Map<number, number>();
        const lines = withRefundDue(feeActivities(person, fees, locale), owed);
        const differences = await deps.familyDifferences?.openFor(person.id, locale);
        if (!differences || differences.size === 0) return lines;
        return lines.map((line) =>
          line.is_paid && differences.has(line.id)
            ? { ...line, family_difference: differences.get(line.id)! }
            : line,
        );
      }
      const discountBp = (await deps.config.get()).global_discount_bp;
      return (await persons.activities(person.id)).flatMap((row) => {
        const reduced = amountWithReduction(row.price_cents, discountBp);
        const amount = amountWithoutReduction(row.price_cents);
        const isPaid = row.is_paid === 1;
        // once paid, what was paid (the receipt's figure), not what paying now would charge
        const shown = isPaid ? (row.paid_amount_cents ?? amount) : amount;
        const line = {
          id: row.id,
          name: row.name,
          price: centsToEuros(row.price_cents),
          start_date: row.start_date,
          is_paid: isPaid,
          amount_due: isPaid ? null : centsToEuros(amount),
          breakdown: null,
          amount: centsToEuros(shown),
          amount_with_discount: reduced === null ? null : centsToEuros(reduced),
          dni: person.dni,
          person_activity_id: person.id,
          registration_fee: 0,
        };
        return perPart(withRegistration(line, row), row, amount, reduced, null);
      });
    },
  };
}

export type PersonsService = ReturnType<typeof createPersonsService>;
