import type {
  ApplicationRow,
  ApplicationsRepo,
  NewApplication,
  NewApplicationRow,
  SeasonActivityRow,
} from '../../data/applications-repo.js';
import type { AuditEvent, AuditRepo } from '../../data/audit-repo.js';
import type { DrawsRepo } from '../../data/draws-repo.js';
import type { EnrolmentsRepo } from '../../data/enrolments-repo.js';
import type { ApplicationStatus } from '../../data/schema.js';
import { waitlistEnded } from './waitlist-end.js';

/** Who changed an application's status: a resident, staff, or the server itself (null). */
export interface StatusActor {
  userId: number | null;
  dni: string | null;
  ip: string | null;
}

export const SYSTEM: StatusActor = { userId: null, dni: null, ip: null };

/** Free places when `holding` are offered or confirmed: capacity less those (never below 0). */
export const freeOf = (activity: Pick<SeasonActivityRow, 'capacity'>, holding: number): number =>
  activity.capacity === null ? Number.POSITIVE_INFINITY : Math.max(0, activity.capacity - holding);

export const offerExpiry = (now: Date, activity: Pick<SeasonActivityRow, 'offer_hours'>) =>
  new Date(now.getTime() + activity.offer_hours * 3_600_000).toISOString();

/**
 * How a place moves, in one module: offering one (the link that puts the activity on the person's
 * pending list comes with it), giving one back (the unpaid link goes) and filling free places
 * from the waitlist. Every function runs inside the caller's transaction, after the caller locked
 * the activity (ApplicationsRepo.lockActivity), so on PostgreSQL two transactions never count the
 * same free place, and every change of status is audited.
 */
export function createPlaces(deps: {
  applications: ApplicationsRepo;
  enrolments: Pick<EnrolmentsRepo, 'addLink' | 'findLink' | 'removeUnpaidLink'>;
  draws: Pick<DrawsRepo, 'find'>;
  audit: AuditRepo;
}) {
  const { applications, enrolments, audit } = deps;

  /** The audit event of a change of status (an application just made has no id yet: null). */
  const statusEvent = (
    actor: StatusActor,
    application: Pick<ApplicationRow, 'code' | 'activity_id'> & { id: number | null },
    from: ApplicationStatus | null,
    to: ApplicationStatus,
    details: Record<string, unknown> = {},
  ): AuditEvent => ({
    actorUserId: actor.userId,
    actorDni: actor.dni,
    action: `application.${to}`,
    entity: 'application',
    entityId: application.id,
    details: {
      code: application.code,
      activity_id: application.activity_id,
      from,
      to,
      ...details,
    },
    ip: actor.ip,
  });

  const auditStatus = (
    actor: StatusActor,
    application: Pick<ApplicationRow, 'id' | 'code' | 'activity_id'>,
    from: ApplicationStatus | null,
    to: ApplicationStatus,
    details: Record<string, unknown> = {},
  ) => audit.record(statusEvent(actor, application, from, to, details));

  /** Free places: capacity less those offered or confirmed (never below 0). */
  const freePlaces = async (activity: SeasonActivityRow): Promise<number> =>
    activity.capacity === null
      ? Number.POSITIVE_INFINITY
      : freeOf(activity, await applications.countHolding(activity.id));

  /** A waitlisted application offered the place: its link is created (or found paid: confirmed). */
  async function offer(application: ApplicationRow, activity: SeasonActivityRow, now: Date) {
    const at = now.toISOString();
    const link = await enrolments.findLink(application.enrolment_id, activity.id);
    if (link?.is_paid === 1 || (link?.parts_paid ?? 0) > 0) {
      // staff enrolled and the person paid meanwhile (a fee in parts: its first part): the
      // place is theirs already
      if (await applications.setStatus(application.id, application.status, 'confirmed', at))
        await auditStatus(SYSTEM, application, application.status, 'confirmed', { paid: true });
      return;
    }
    const expires = offerExpiry(now, activity);
    if (!(await applications.setStatus(application.id, application.status, 'offered', at, expires)))
      return;
    await enrolments.addLink(application.enrolment_id, activity.id);
    await auditStatus(SYSTEM, application, application.status, 'offered', {
      offer_expires_at: expires,
    });
  }

  /**
   * The waitlist's next ballots in order: a single application, or a joint group's waiting
   * members together (read whole, even past the page read).
   */
  async function waitingBallots(activityId: number, places: number): Promise<ApplicationRow[][]> {
    const ballots = new Map<string, ApplicationRow[]>();
    for (const application of await applications.nextWaitlisted(activityId, places + 100)) {
      const key = application.joint_code ?? application.code;
      if (ballots.has(key)) continue;
      ballots.set(
        key,
        application.joint_code === null
          ? [application]
          : (await applications.liveJointMembers(application.joint_code)).filter(
              (member) => member.status === 'waitlisted',
            ),
      );
    }
    return [...ballots.values()];
  }

  return {
    auditStatus,
    freePlaces,

    /**
     * A new application, stored with its enrolment link when offered and the audit row
     * `auditStatus` would write for it (from no status to its first), in one write where the
     * engine allows (applications-repo `insertNew`). Undefined, nothing stored, when its code is
     * taken.
     */
    storeNew: (
      actor: StatusActor,
      row: NewApplication,
      details: Record<string, unknown>,
    ): Promise<NewApplicationRow | undefined> =>
      applications.insertNew(
        row,
        audit.rowOf(statusEvent(actor, { ...row, id: null }, null, row.status, details)),
      ),

    /**
     * An application and its activity, the activity locked first and the application read again
     * under the lock (a payment or the job may have moved it meanwhile); undefined when either
     * is gone. Inside the caller's transaction.
     */
    async lockApplication(
      id: number,
    ): Promise<{ application: ApplicationRow; activity: SeasonActivityRow } | undefined> {
      const before = await applications.findById(id);
      if (!before) return undefined;
      const activity = await applications.lockActivity(before.activity_id);
      const application = await applications.findById(id);
      return activity && application ? { application, activity } : undefined;
    },

    /**
     * Offers free places to the next on the waitlist, in order: after a place is given back, an
     * offer expires or staff add places. A lottery not yet drawn has no waitlist to move.
     */
    async fill(activity: SeasonActivityRow, now: Date): Promise<number> {
      if (activity.allocation === 'none') return 0;
      // after the waitlist's end no offer is made (free places may go first come instead)
      if (waitlistEnded(activity, now)) return 0;
      if (activity.allocation === 'lottery' && !(await deps.draws.find(activity.id))?.drawn_at)
        return 0;
      const free = await freePlaces(activity);
      if (free === 0) return 0;
      let left = free === Number.POSITIVE_INFINITY ? 1000 : Math.min(free, 1000);
      let offered = 0;
      const rule = await applications.jointFit();
      for (const ballot of await waitingBallots(activity.id, left)) {
        if (left === 0) break;
        // a joint group moves up only together; the places left go on or wait, as the council rules
        if (ballot.length > left) {
          if (rule === 'wait_for_group') break;
          continue;
        }
        for (const application of ballot) await offer(application, activity, now);
        left -= ballot.length;
        offered += ballot.length;
      }
      return offered;
    },

    /**
     * Ends an application (`withdrawn` or `expired`): an offered place's unpaid link goes with it.
     * False when it had moved on meanwhile. The caller fills the place afterwards.
     */
    async end(
      application: ApplicationRow,
      to: 'withdrawn' | 'expired',
      actor: StatusActor,
      now: Date,
    ): Promise<boolean> {
      if (
        !(await applications.setStatus(application.id, application.status, to, now.toISOString()))
      )
        return false;
      if (application.status === 'offered') {
        await enrolments.removeUnpaidLink(application.enrolment_id, application.activity_id);
      }
      await auditStatus(actor, application, application.status, to);
      return true;
    },
  };
}

export type Places = ReturnType<typeof createPlaces>;
