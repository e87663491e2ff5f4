import type { ApplicationsRepo, SeasonActivityRow } from '../../data/applications-repo.js';
import type { Database } from '../../data/database.js';
import { isUniqueViolation } from '../../data/engines.js';
import type { DrawsRepo } from '../../data/draws-repo.js';
import type { EnrolmentsRepo } from '../../data/enrolments-repo.js';
import type { PersonRow, PersonsRepo } from '../../data/persons-repo.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, DomainError, notFound } from '../errors.js';
import type { Actor, CallContext } from '../residents/context.js';
import { newApplicationCode } from './draw.js';
import { offerExpiry, type Places, type StatusActor } from './places.js';
import { toApplicationView, windowOpen, type ApplicationView } from './views.js';

/**
 * Refused unless the person's year of birth is within the activity's limits; an activity with
 * limits needs the person's birth date.
 */
export function checkEligible(activity: SeasonActivityRow, person: Pick<PersonRow, 'birth_date'>) {
  const { min_birth_year: from, max_birth_year: to } = activity;
  if (from === null && to === null) return;
  const messageKey =
    from !== null && to !== null
      ? 'not_eligible_between'
      : from !== null
        ? 'not_eligible_from'
        : 'not_eligible_to';
  const refuse = (key: string) =>
    new DomainError('invalid', 'not_eligible', {
      messageKey: key,
      params: { from: from ?? '', to: to ?? '' },
    });
  if (!person.birth_date) throw refuse('not_eligible_no_birth_date');
  const year = Number(person.birth_date.slice(0, 4));
  if ((from !== null && year < from) || (to !== null && year > to)) throw refuse(messageKey);
}

/** A code no application has yet (a repeat is one in 850,000 million, so this rarely loops). */
async function uniqueCode(applications: ApplicationsRepo): Promise<string> {
  for (;;) {
    const code = newApplicationCode();
    if (!(await applications.codeExists(code))) return code;
  }
}

/** A resident's applications for the people they manage: apply, list, withdraw. */
export function createResidentApplications(deps: {
  db: Database;
  clock: Clock;
  applications: ApplicationsRepo;
  persons: Pick<PersonsRepo, 'findLinked'>;
  enrolments: Pick<EnrolmentsRepo, 'findLink' | 'addLink'>;
  draws: Pick<DrawsRepo, 'find'>;
  places: Places;
}) {
  const { db, clock, applications, places } = deps;

  return {
    list: async (actor: Actor): Promise<ApplicationView[]> =>
      (await applications.listForUser(actor.id)).map(toApplicationView),

    /**
     * First come: offered at once while a place is free (its link puts it on the pending list),
     * else waitlisted. Lottery: applied until the draw. The activity's row is locked first, so on
     * PostgreSQL parallel calls take the last places one at a time, in order of arrival.
     */
    async apply(
      actor: Actor,
      input: { person_activity_id: number; activity_id: number },
      call: CallContext,
    ): Promise<ApplicationView> {
      // No rate limit of its own: one live application per person and activity, and the people
      // an account manages are limited where they are added or linked, so an account's
      // applications are bounded by what it may apply for (and the rush's one write stays short).
      try {
        return await db.transaction(async () => {
          const person = await deps.persons.findLinked(actor.id, input.person_activity_id);
          if (!person) throw notFound();
          const activity = await applications.lockActivity(input.activity_id);
          if (!activity || activity.allocation === 'none') throw notFound();
          const now = clock.now();
          if (!windowOpen(activity, now)) throw conflict('applications_not_open');
          // a drawn lottery takes no more (its window cannot reopen; this guards older data)
          if (activity.allocation === 'lottery' && (await deps.draws.find(activity.id))?.drawn_at)
            throw conflict('applications_not_open');
          checkEligible(activity, person);
          if (await deps.enrolments.findLink(person.id, activity.id))
            throw conflict('already_enrolled');
          if (await applications.findLive(activity.id, person.id))
            throw conflict('already_applied');
          const offered =
            activity.allocation === 'first_come' && (await places.freePlaces(activity)) > 0;
          const status =
            activity.allocation === 'lottery' ? 'applied' : offered ? 'offered' : 'waitlisted';
          const row = await applications.insert({
            code: await uniqueCode(applications),
            activity_id: activity.id,
            enrolment_id: person.id,
            user_id: actor.id,
            status,
            offer_expires_at: offered ? offerExpiry(now, activity) : null,
            now: now.toISOString(),
          });
          if (offered) {
            await deps.enrolments.addLink(person.id, activity.id);
            // the resident sees the offer on screen as it is made: no message about it
            await applications.markTold(row.id, 'notified', now.toISOString());
          }
          const who: StatusActor = { userId: actor.id, dni: actor.dni, ip: call.ip };
          await places.auditStatus(who, row, null, status, {
            offer_expires_at: row.offer_expires_at,
          });
          // the answer from what this transaction knows: no second read after it
          return toApplicationView({
            ...row,
            activity_name: activity.name,
            first_name: person.first_name,
            last_name: person.last_name,
            dni: person.dni,
            birth_date: person.birth_date,
            waitlist_position:
              status === 'waitlisted' ? await applications.waitlistPositionOf(row.id) : null,
          });
        });
      } catch (err) {
        // two parallel calls for the same person and activity: the second meets the unique index
        if (isUniqueViolation(err)) throw conflict('already_applied');
        throw err;
      }
    },

    /** Withdraws one; an offered place passes at once to the next on the waitlist. */
    async withdraw(actor: Actor, id: number, call: CallContext): Promise<void> {
      const found = await applications.findById(id);
      if (!found || !(await deps.persons.findLinked(actor.id, found.enrolment_id)))
        throw notFound();
      await withdrawApplication({ db, clock, places }, id, {
        userId: actor.id,
        dni: actor.dni,
        ip: call.ip,
      });
    },
  };
}

/**
 * Withdraws an application (the resident's or staff's call): a paid place is refused, one already
 * ended changes nothing, an offered place passes on.
 */
export async function withdrawApplication(
  deps: { db: Database; clock: Clock; places: Places },
  id: number,
  actor: StatusActor,
): Promise<void> {
  const { places } = deps;
  await deps.db.transaction(async () => {
    const locked = await places.lockApplication(id);
    if (!locked) throw notFound();
    const { application, activity } = locked;
    if (application.status === 'confirmed') throw conflict('already_paid');
    if (application.status === 'withdrawn' || application.status === 'expired') return;
    const now = deps.clock.now();
    await places.end(application, 'withdrawn', actor, now);
    if (application.status === 'offered') await places.fill(activity, now);
  });
}

export type ResidentApplications = ReturnType<typeof createResidentApplications>;
