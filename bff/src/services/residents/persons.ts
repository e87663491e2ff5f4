import type { AuditRepo } from '../../data/audit-repo.js';
import type { EnrolmentsRepo } from '../../data/enrolments-repo.js';
import { isUniqueViolation } from '../../data/engines.js';
import type { UsersRepo } from '../../data/users-repo.js';
import { cleanName, fullName } from '../../lib/clean-name.js';
import type { Clock } from '../../lib/clock.js';
import { isCivilDate, madridDate } from '../../lib/madrid-date.js';
import type { ConfigRepo } from '../../data/config-repo.js';
import type { Database } from '../../data/database.js';
import type { PersonRow, PersonsRepo } from '../../data/persons-repo.js';
import { conflict, DomainError, notFound, tooManyRequests, unauthorized } from '../errors.js';
import { t } from '../../i18n/index.js';
import { normaliseDni } from '../../lib/identity.js';
import { centsToEuros } from '../../lib/money.js';
import type { OneTimeCodes } from '../one-time-codes.js';
import { amountWithReduction, amountWithoutReduction } from '../pricing.js';
import type { RateLimiter, RateRule } from '../rate-limiter.js';
import type { CodeDelivery } from './code-delivery.js';
import type { Actor, CallContext } from './context.js';
import { InputCheck } from './identity-input.js';

/** People one account may add in a day (a family, not a script). */
export const PEOPLE_ADDED_PER_DAY = 10;
/** From this age a person added must have a DNI (Spain issues it compulsorily from 14). */
export const DNI_REQUIRED_FROM_AGE = 14;

/** Whole years from a birth date to a day (both 'YYYY-MM-DD'). */
export function ageOn(birthDate: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return day.slice(5) >= birthDate.slice(5) ? years : years - 1;
}

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
  amount: number;
  amount_with_discount: number | null;
  dni: string | null;
  person_activity_id: number;
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

  /** The person when linked to this account; 404 otherwise, whether it exists or not. */
  async function linkedPerson(actor: Actor, personId: number): Promise<PersonRow> {
    const person = await persons.findLinked(actor.id, personId);
    if (!person) throw notFound();
    return person;
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

      const send = {
        purpose: 'associate' as const,
        subject: dni,
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
        ip: call.ip,
      });
      await deliver.sms(
        person.phone,
        t(call.locale, 'residents_sms_associate', { code, name: person.first_name }),
      );
      return { expiresIn };
    },

    /** Links the person with the code sent for this account and this DNI (no other code works). */
    async verifyAssociation(
      actor: Actor,
      input: { dni: string; otp_code: string },
      call: CallContext,
    ): Promise<ManagedPerson> {
      const dni = normaliseDni(input.dni);
      try {
        const row = await codes.verify(
          { purpose: 'associate', subject: dni, userId: actor.id },
          input.otp_code,
          call.ip,
        );
        return await db.transaction(async () => {
          const person = row.enrolment_id === null ? undefined : await persons.findByDni(dni);
          // the enrolment may have been deleted or its phone changed since the code was sent
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
          });
        }
        throw err;
      }
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
      const firstName = cleanName(input.first_name);
      const lastName = cleanName(input.last_name);
      if (firstName === '') check.add('first_name', 'complete_all_required_fields');
      if (lastName === '') check.add('last_name', 'complete_all_required_fields');
      const today = madridDate(deps.clock.now());
      const birthDate = input.birth_date;
      const validBirth = isCivilDate(birthDate) && birthDate <= today && birthDate >= '1900-01-01';
      if (!validBirth) check.add('birth_date', 'invalid_birth_date');
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
      try {
        return await db.transaction(async () => {
          if (dni !== null && (await persons.findByDni(dni))) throw conflict('person_on_record');
          const id = await deps.enrolments.insert({
            first_name: firstName,
            last_name: lastName,
            dni,
            email: account.email,
            phone: account.phone,
            birth_date: birthDate,
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

    /** The person's activities with the server's amounts (the payment charges exactly these). */
    async activities(actor: Actor, personId: number): Promise<PersonActivity[]> {
      const person = await linkedPerson(actor, personId);
      const discountBp = (await deps.config.get()).global_discount_bp;
      return (await persons.activities(person.id)).map((row) => {
        const reduced = amountWithReduction(row.price_cents, discountBp);
        return {
          id: row.id,
          name: row.name,
          price: centsToEuros(row.price_cents),
          start_date: row.start_date,
          is_paid: row.is_paid === 1,
          amount: centsToEuros(amountWithoutReduction(row.price_cents)),
          amount_with_discount: reduced === null ? null : centsToEuros(reduced),
          dni: person.dni,
          person_activity_id: person.id,
        };
      });
    },
  };
}

export type PersonsService = ReturnType<typeof createPersonsService>;
