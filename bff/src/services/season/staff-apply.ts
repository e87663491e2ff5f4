import type { ApplicationsRepo } from '../../data/applications-repo.js';
import type { Database } from '../../data/database.js';
import type { EnrolmentsRepo } from '../../data/enrolments-repo.js';
import type { PersonsRepo } from '../../data/persons-repo.js';
import type { Clock } from '../../lib/clock.js';
import type { Actor } from '../admin/audit-trail.js';
import { conflict, notFound } from '../errors.js';
import type { Apply } from './apply.js';
import { offerExpiry, type Places } from './places.js';

/**
 * Staff at the desk or on the phone: applying for a resident, for any person on record, with the
 * rules a resident's application has (window, year of birth, one person one ballot, joint
 * applications); and offering a waiting person a place by their own decision. The audit lines
 * name the clerk (`by_staff`); messages about a place go to an account that manages the person,
 * and an offer made this way is messaged (the family did not see it on screen).
 */
export function createStaffApply(deps: {
  db: Database;
  clock: Clock;
  apply: Apply;
  places: Places;
  persons: Pick<PersonsRepo, 'findById'>;
  applications: Pick<ApplicationsRepo, 'managingUser' | 'setStatus'>;
  enrolments: Pick<EnrolmentsRepo, 'addLink'>;
}) {
  const { places } = deps;
  return {
    apply: (
      actor: Actor,
      activityId: number,
      input: {
        person_activity_id?: number | undefined;
        person_activity_ids?: number[] | undefined;
      },
    ) =>
      deps.apply(
        {
          actor: { userId: actor.id, dni: actor.dni, ip: actor.ip },
          findPerson: (id) => deps.persons.findById(id),
          accountFor: (person) => deps.applications.managingUser(person.id),
          byStaff: true,
        },
        { ...input, activity_id: activityId },
      ),

    /**
     * A waitlisted person offered a place ahead of the waitlist's order, by staff's decision: it
     * takes a place, beyond the activity's places when none is free (the audit line says so).
     */
    offer: (actor: Actor, applicationId: number) =>
      deps.db.transaction(async () => {
        const locked = await places.lockApplication(applicationId);
        if (!locked) throw notFound();
        const { application, activity } = locked;
        if (application.status !== 'waitlisted') throw conflict('not_waiting');
        const beyondCapacity = (await places.freePlaces(activity)) < 1;
        const now = deps.clock.now();
        const expires = offerExpiry(now, activity);
        const moved = await deps.applications.setStatus(
          application.id,
          'waitlisted',
          'offered',
          now.toISOString(),
          expires,
        );
        if (!moved) throw conflict('not_waiting');
        await deps.enrolments.addLink(application.enrolment_id, activity.id);
        await places.auditStatus(
          { userId: actor.id, dni: actor.dni, ip: actor.ip },
          application,
          'waitlisted',
          'offered',
          { offer_expires_at: expires, by_staff: true, beyond_capacity: beyondCapacity },
        );
      }),
  };
}
