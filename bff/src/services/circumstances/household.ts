import type { AuditRepo } from '../../data/audit-repo.js';
import type { CircumstancesRepo } from '../../data/circumstances-repo.js';
import type { Database } from '../../data/database.js';
import { isUniqueViolation } from '../../data/engines.js';
import type { PersonRow, PersonsRepo } from '../../data/persons-repo.js';
import { fullName } from '../../lib/clean-name.js';
import type { Clock } from '../../lib/clock.js';
import { ID_MAX } from '../../lib/ids.js';
import { madridDate } from '../../lib/madrid-date.js';
import { recordAdminWrite, type Actor as StaffActor } from '../admin/audit-trail.js';
import { conflict, invalid, notFound, tooManyRequests } from '../errors.js';
import type { RateLimiter } from '../rate-limiter.js';
import type { Actor, CallContext } from '../residents/context.js';
import { refuseByAge, refuseOutsideAges } from './ages.js';
import type { DocumentVault } from './documents.js';
import {
  checkDocument,
  DOCUMENTS_PER_DAY,
  residentRequest,
  type UploadedDocument,
} from './requests.js';
import { declarationValidUntil, statusOf } from './views.js';

/** A person of the requesting account staff may add to a household request. */
export interface AddablePerson {
  person_activity_id: number;
  person_name: string;
}

/** A person a household request covers, as staff read it. */
export interface HouseholdPerson {
  person_activity_id: number;
  person_name: string;
  status: ReturnType<typeof statusOf>;
}

const unknownCircumstance = (type: string) =>
  invalid([{ loc: ['body', 'circumstance_id'], msg: type, type }]);

/**
 * Household titles (a large family's): asked once for several of an account's people, with one
 * document and one review. Stored as one row per person, all naming the first (which keeps the
 * document) in `household_id`, so each person holds the approval where the fees read it; staff
 * decide on the first row for everyone (review.ts) and add or remove people.
 */
export function createHouseholdRequests(deps: {
  db: Database;
  repo: CircumstancesRepo;
  persons: Pick<PersonsRepo, 'findLinked' | 'listForUser'>;
  vault: DocumentVault;
  limiter: RateLimiter;
  audit: AuditRepo;
  clock: Clock;
}) {
  const { db, repo, vault, clock, audit } = deps;

  /** No pending request nor approval in force of this circumstance for the person. */
  async function free(enrolmentId: number, circumstanceId: number, today: string) {
    await db.lock(`circumstances:person:${enrolmentId}`);
    if (await repo.pendingOf(enrolmentId, circumstanceId)) throw conflict('request_pending');
    if (await repo.inForce(enrolmentId, circumstanceId, today)) throw conflict('already_approved');
  }

  /** The household request a row belongs to, its first row locked; not found otherwise. */
  async function household(id: number) {
    const first = await repo.lockRequest(id);
    if (!first) throw notFound();
    if (first.household_id !== first.id) throw conflict('not_household');
    return first;
  }

  return {
    /** POST /user/circumstances: one request for several of the account's people. */
    async request(
      actor: Actor,
      personIds: readonly number[],
      circumstanceId: number,
      document: UploadedDocument | null,
      call: CallContext,
    ) {
      const people: PersonRow[] = [];
      for (const id of new Set(personIds)) {
        // a multipart field is text: an id past what the database holds names nobody
        const person = id <= ID_MAX ? await deps.persons.findLinked(actor.id, id) : undefined;
        if (!person) throw notFound();
        people.push(person);
      }
      const circumstance = circumstanceId <= ID_MAX ? await repo.find(circumstanceId) : undefined;
      if (!circumstance) throw unknownCircumstance('circumstance_unknown');
      if (circumstance.scope !== 'household')
        throw unknownCircumstance('circumstance_not_household');
      refuseByAge(circumstance);
      const declared = circumstance.review === 'declaration';
      if (declared) {
        const day = madridDate(clock.now());
        for (const person of people) refuseOutsideAges(circumstance, person, day);
      }
      let proof = null;
      if (!declared) {
        if (!document)
          throw invalid([
            { loc: ['body', 'document'], msg: 'document_required', type: 'document_required' },
          ]);
        const taken = await deps.limiter.take([
          {
            bucket: `circumstance-documents:${actor.id}`,
            limit: DOCUMENTS_PER_DAY,
            windowMs: 86_400_000,
          },
        ]);
        if (!taken.ok) throw tooManyRequests(taken.retryAfter);
        const type = await checkDocument(document);
        proof = { type, size: document.bytes.length, sealed: vault.seal(document.bytes) };
      }
      const now = clock.now();
      const today = madridDate(now);
      const validUntil = declared
        ? declarationValidUntil(circumstance.validity_months, today)
        : null;
      try {
        return await db.transaction(async () => {
          for (const person of people) await free(person.id, circumstance.id, today);
          const ids: number[] = [];
          for (const person of people)
            ids.push(
              await repo.insertRequest(
                residentRequest({
                  enrolmentId: person.id,
                  circumstanceId: circumstance.id,
                  userId: actor.id,
                  declared,
                  validUntil,
                  locale: call.locale,
                  now,
                }),
              ),
            );
          const id = ids[0]!;
          for (const rowId of ids) await repo.setHousehold(rowId, id);
          if (proof) await vault.store(id, proof.type, proof.size, proof.sealed);
          await audit.record({
            actorUserId: actor.id,
            actorDni: actor.dni,
            action: declared ? 'circumstance.declare' : 'circumstance.request',
            entity: 'circumstance_request',
            entityId: id,
            details: {
              enrolment_ids: people.map((p) => p.id),
              circumstance_id: circumstance.id,
              scope: 'household',
              ...(proof ? { document_type: proof.type, size: proof.size } : {}),
              ...(validUntil ? { valid_until: validUntil } : {}),
            },
            ip: call.ip,
          });
          return {
            id,
            status: declared ? ('approved' as const) : ('pending' as const),
            valid_until: validUntil,
            person_activity_ids: people.map((p) => p.id),
          };
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('request_pending');
        throw err;
      }
    },

    /**
     * What staff see of household requests (their first rows): the people covered, and the
     * requesting account's other people they may add, by household.
     */
    async views(
      firsts: readonly { household_id: number | null; user_id: number | null }[],
    ): Promise<Map<number, { people: HouseholdPerson[]; addable_people: AddablePerson[] }>> {
      const households = firsts.filter((row) => row.household_id !== null);
      const people = await this.people(households.map((row) => row.household_id!));
      const family = new Map<number, AddablePerson[]>();
      for (const userId of new Set(households.map((row) => row.user_id)))
        if (userId !== null)
          family.set(
            userId,
            (await deps.persons.listForUser(userId)).map((person) => ({
              person_activity_id: person.id,
              person_name: fullName(person),
            })),
          );
      const out = new Map<number, { people: HouseholdPerson[]; addable_people: AddablePerson[] }>();
      for (const row of households) {
        const covered = people.get(row.household_id!) ?? [];
        const active = new Set(
          covered.filter((p) => p.status !== 'withdrawn').map((p) => p.person_activity_id),
        );
        out.set(row.household_id!, {
          people: covered,
          addable_people: (row.user_id === null ? [] : (family.get(row.user_id) ?? [])).filter(
            (person) => !active.has(person.person_activity_id),
          ),
        });
      }
      return out;
    },

    /** The people of these household requests (their first rows' ids), by household. */
    async people(householdIds: readonly number[]): Promise<Map<number, HouseholdPerson[]>> {
      const today = madridDate(clock.now());
      const out = new Map<number, HouseholdPerson[]>();
      for (const row of await repo.householdRows(householdIds)) {
        const list = out.get(row.household_id!) ?? [];
        list.push({
          person_activity_id: row.enrolment_id,
          person_name: fullName(row),
          status: statusOf(row, today),
        });
        out.set(row.household_id!, list);
      }
      return out;
    },

    /** Staff add a person of the requesting account: they share the request's state. */
    async addPerson(actor: StaffActor, id: number, personId: number) {
      const now = clock.now();
      const today = madridDate(now);
      await db.transaction(async () => {
        const first = await household(id);
        if (first.status !== 'pending' && statusOf(first, today) !== 'approved')
          throw conflict('request_decided');
        const person =
          first.user_id === null
            ? undefined
            : await deps.persons.findLinked(first.user_id, personId);
        if (!person)
          throw invalid([
            {
              loc: ['body', 'person_activity_id'],
              msg: 'household_person_unknown',
              type: 'household_person_unknown',
            },
          ]);
        await free(person.id, first.circumstance_id, today);
        const rowId = await repo.insertRequest({
          enrolment_id: person.id,
          circumstance_id: first.circumstance_id,
          user_id: first.user_id,
          source: first.source,
          status: first.status,
          valid_until: first.valid_until,
          reason_code: null,
          reason: null,
          locale: first.locale,
          decided_by: first.status === 'pending' ? null : actor.id,
          created_at: first.created_at,
          decided_at: first.decided_at,
          updated_at: now.toISOString(),
        });
        await repo.setHousehold(rowId, first.id);
        await recordAdminWrite(
          audit,
          actor,
          'circumstance.household_add',
          'circumstance_request',
          id,
          {
            enrolment_id: person.id,
            circumstance_id: first.circumstance_id,
          },
        );
      });
    },

    /**
     * Staff remove a person: their row reads withdrawn (their approval ends). The first row
     * keeps the document and the household: removing its person hands it another one's person.
     */
    async removePerson(actor: StaffActor, id: number, personId: number) {
      const now = clock.now().toISOString();
      await db.transaction(async () => {
        const first = await household(id);
        const active = (await repo.householdRows([first.id])).filter(
          (row) => row.status === first.status,
        );
        const gone = active.find((row) => row.enrolment_id === personId);
        if (!gone) throw notFound();
        const stays = active.find((row) => row.enrolment_id !== personId);
        if (!stays) throw conflict('household_last_person');
        // the row that ends: the person's own, or, for the first row's person, another's row
        const ending = gone.id === first.id ? stays : gone;
        await repo.decide(
          ending.id,
          first.status,
          {
            status: 'withdrawn',
            valid_until: first.status === 'approved' ? first.valid_until : null,
            reason_code: null,
            reason: null,
            decided_by: actor.id,
            decided_at: now,
          },
          now,
        );
        if (gone.id === first.id) {
          await repo.setPerson(stays.id, personId, now);
          await repo.setPerson(first.id, stays.enrolment_id, now);
        }
        await recordAdminWrite(
          audit,
          actor,
          'circumstance.household_remove',
          'circumstance_request',
          id,
          {
            enrolment_id: personId,
            circumstance_id: first.circumstance_id,
          },
        );
      });
    },
  };
}

export type HouseholdRequests = ReturnType<typeof createHouseholdRequests>;
