import type { AuditRepo } from '../../data/audit-repo.js';
import type { EnrolmentsRepo } from '../../data/enrolments-repo.js';
import type { PersonRow, PersonsRepo } from '../../data/persons-repo.js';
import type { Locale } from '../../data/schema.js';
import { t } from '../../i18n/index.js';
import { addedByResidentForAnAdult, type RecordOrigin } from '../record-phone.js';
import type { CodeDelivery } from './code-delivery.js';

/** The account that registered a DNI with its own verified mobile. */
export interface Holder {
  id: number;
  dni: string;
  phone: string;
  email: string | null;
}

/** An account whose link ended when the holder took the person over: told after the commit. */
export interface Displaced {
  phone: string;
  locale: Locale;
  personName: string;
}

/**
 * The DNI's holder owns its person (docs/security.md). A record a resident added for someone of
 * 14 or more ("add a person") carries the adding account's mobile, which proves nothing; when the
 * account whose own verified mobile registered that DNI meets it, it is squatted unless it
 * already carries that mobile (the holder added themselves, or registered from the adder's
 * phone, which proves nothing either: staff's release tool sees that one).
 */
export const squattedFrom = (
  record: RecordOrigin | undefined,
  holderPhone: string,
  today: string,
): boolean =>
  record !== undefined && addedByResidentForAnAdult(record, today) && record.phone !== holderPhone;

/**
 * The holder takes the person over at once: linked to the holder, every other account's link
 * ends (audited as `person_taken_over`, one row per account), and the record carries the
 * holder's mobile and e-mail from now on (no longer a resident's unproven record). Enrolments,
 * payments and applications belong to the person, so they stay with it. Runs inside the caller's
 * transaction; `tell` sends each displaced account its notice after the commit.
 */
export function createHolderTakeover(deps: {
  persons: Pick<PersonsRepo, 'findById' | 'link' | 'unlink' | 'linkedAccounts'>;
  enrolments: Pick<EnrolmentsRepo, 'update'>;
  audit: AuditRepo;
  deliver: Pick<CodeDelivery, 'sms'>;
  logger?: { warn: (message: string, fields?: Record<string, unknown>) => void };
}) {
  return {
    async take(holder: Holder, personId: number, ip: string | null): Promise<Displaced[]> {
      const person = (await deps.persons.findById(personId)) as PersonRow;
      const displaced: Displaced[] = [];
      for (const account of await deps.persons.linkedAccounts(person.id)) {
        if (account.id === holder.id) continue;
        await deps.persons.unlink(account.id, person.id);
        await deps.audit.record({
          actorUserId: holder.id,
          actorDni: holder.dni,
          action: 'person_taken_over',
          entity: 'enrolment',
          entityId: person.id,
          details: { from_user_id: account.id },
          ip,
        });
        displaced.push({
          phone: account.phone,
          locale: account.locale,
          personName: person.first_name,
        });
      }
      await deps.enrolments.update(person.id, {
        first_name: person.first_name,
        last_name: person.last_name,
        dni: person.dni,
        email: holder.email,
        phone: holder.phone,
        birth_date: person.birth_date,
      });
      await deps.persons.link(holder.id, person.id);
      return displaced;
    },

    /** Each displaced account hears that the person is now managed by its holder, in its language. */
    async tell(displaced: Displaced[]): Promise<void> {
      for (const account of displaced) {
        try {
          await deps.deliver.sms(
            account.phone,
            t(account.locale, 'residents_sms_person_taken_over', { name: account.personName }),
          );
        } catch {
          // the takeover stands whether or not the notice arrives; the audit log keeps it
          deps.logger?.warn('person taken over: notice not delivered');
        }
      }
    },
  };
}

export type HolderTakeover = ReturnType<typeof createHolderTakeover>;
