import type { ApplicationRow, ApplicationsRepo } from '../../data/applications-repo.js';
import type { Database } from '../../data/database.js';
import type { GroupCommit } from '../../data/group-commit.js';
import type { CircumstancesRepo } from '../../data/circumstances-repo.js';
import type { DrawsRepo } from '../../data/draws-repo.js';
import type { EnrolmentsRepo } from '../../data/enrolments-repo.js';
import type { PersonRow, PersonsRepo } from '../../data/persons-repo.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, notFound } from '../errors.js';
import type { Actor, CallContext } from '../residents/context.js';
import type { Answer, Idempotency } from '../idempotency.js';
import type { Places, StatusActor } from './places.js';
import { createApplying, type ApplyInput } from './apply.js';
import { toApplicationView, type ApplicationView } from './views.js';

export { checkEligible } from './eligibility.js';

/** A resident's applications for the people they manage: apply, list, withdraw. */
export function createResidentApplications(deps: {
  db: Database;
  clock: Clock;
  applications: ApplicationsRepo;
  persons: Pick<PersonsRepo, 'findLinked'>;
  enrolments: Pick<EnrolmentsRepo, 'findLink' | 'addLink'>;
  draws: Pick<DrawsRepo, 'find'>;
  places: Places;
  circumstances?: Pick<CircumstancesRepo, 'approvalsInForce'>;
  /** Calls with an Idempotency-Key done once a day (services/idempotency.ts). */
  idempotency: Idempotency;
  /** The rush's applications settled together, one transaction per activity's batch. */
  groupCommit: GroupCommit;
}) {
  const { db, clock, applications, places } = deps;
  const applying = createApplying(deps);

  /**
   * One person, or 2–4 together (a joint application): see apply.ts. The activity's row is
   * locked first, so on PostgreSQL parallel calls take the last places one at a time, in order
   * of arrival.
   */
  const apply = (
    actor: Actor,
    input: ApplyInput,
    call: CallContext,
    /** The people asked for, read before the batch (`applyOnce`); the others are read now. */
    known: ReadonlyMap<number, PersonRow | undefined> = new Map(),
  ) =>
    // No rate limit of its own: one live application per person and activity, and the people
    // an account manages are limited where they are added or linked, so an account's
    // applications are bounded by what it may apply for (and the rush's one write stays short).
    applying(
      {
        actor: { userId: actor.id, dni: actor.dni, ip: call.ip },
        findPerson: (id) =>
          known.has(id) ? Promise.resolve(known.get(id)) : deps.persons.findLinked(actor.id, id),
        accountFor: () => Promise.resolve(actor.id),
        byStaff: false,
      },
      input,
    );

  /**
   * The people a call asks for, each only if this account manages them: read before the
   * activity's batch, where each statement of a call holds the activity's row lock for every
   * call of the batch (docs/performance.md, "Statement counts"). Nothing about places depends on
   * them: a link removed or a birth date changed just after this read is the same as one changed
   * just after the application, as a read inside the transaction (which locks neither) allowed
   * already. Whether they may apply is still decided inside, after the key's claim.
   */
  async function peopleAskedFor(actor: Actor, input: ApplyInput) {
    const ids = [input.person_activity_id, ...(input.person_activity_ids ?? [])];
    const known = new Map<number, PersonRow | undefined>();
    // more than a joint application's 4 is refused inside: not worth reading
    for (const id of new Set(ids).size <= 4 ? ids : [])
      if (id !== undefined && !known.has(id))
        known.set(id, await deps.persons.findLinked(actor.id, id));
    return known;
  }

  return {
    list: async (actor: Actor): Promise<ApplicationView[]> =>
      (await applications.listForUser(actor.id)).map(toApplicationView),

    apply,

    /**
     * The resident's call: `apply` once per `Idempotency-Key` of this account (none: every call
     * applies), a retry of the same click getting the first answer again, in the same
     * transaction as the application; that transaction is the activity's next group commit
     * (data/group-commit.ts), shared with the applications for it arriving meanwhile.
     */
    applyOnce: async (
      actor: Actor,
      input: ApplyInput,
      call: CallContext,
      key: string | undefined,
    ): Promise<Answer<Awaited<ReturnType<typeof apply>>>> => {
      const known = await peopleAskedFor(actor, input);
      return deps.groupCommit.run(`activity:${input.activity_id}`, () =>
        deps.idempotency({ userId: actor.id, key, body: input, status: 201 }, () =>
          apply(actor, input, call, known),
        ),
      );
    },

    /**
     * Withdraws one; an offered place passes at once to the next on the waitlist. `whole`: every
     * live member of the joint application it belongs to (each a person this account manages).
     */
    async withdraw(actor: Actor, id: number, call: CallContext, whole = false): Promise<void> {
      const found = await applications.findById(id);
      if (!found || !(await deps.persons.findLinked(actor.id, found.enrolment_id)))
        throw notFound();
      const who = { userId: actor.id, dni: actor.dni, ip: call.ip };
      if (!whole || found.joint_code === null) {
        await withdrawApplication({ db, clock, places }, id, who);
        return;
      }
      const members = await applications.liveJointMembers(found.joint_code);
      for (const member of members)
        if (!(await deps.persons.findLinked(actor.id, member.enrolment_id))) throw notFound();
      await withdrawJoint({ db, clock, places }, found.joint_code, applications, who);
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
  /** In the same transaction, once withdrawn (staff's withdrawal tells the family). */
  withdrawn?: (application: ApplicationRow, now: Date) => Promise<void>,
): Promise<void> {
  const { places } = deps;
  await deps.db.transaction(async () => {
    const locked = await places.lockApplication(id);
    if (!locked) throw notFound();
    const { application, activity } = locked;
    if (application.status === 'confirmed') throw conflict('already_paid');
    if (application.status === 'withdrawn' || application.status === 'expired') return;
    const now = deps.clock.now();
    if ((await places.end(application, 'withdrawn', actor, now)) && withdrawn)
      await withdrawn(application, now);
    if (application.status === 'offered') await places.fill(activity, now);
  });
}

/**
 * Withdraws every live member of a joint application in one transaction (paid places stay):
 * their offered places pass on once all have left.
 */
export async function withdrawJoint(
  deps: { db: Database; clock: Clock; places: Places },
  jointCode: string,
  applications: Pick<ApplicationsRepo, 'liveJointMembers' | 'lockActivity' | 'findById'>,
  actor: StatusActor,
): Promise<void> {
  const { places } = deps;
  await deps.db.transaction(async () => {
    const first = (await applications.liveJointMembers(jointCode))[0];
    if (!first) return;
    const activity = await applications.lockActivity(first.activity_id);
    if (!activity) throw notFound();
    const now = deps.clock.now();
    let freed = false;
    // read again under the lock: a payment or the job may have moved one meanwhile
    for (const member of await applications.liveJointMembers(jointCode)) {
      if (member.status === 'confirmed') continue;
      if ((await places.end(member, 'withdrawn', actor, now)) && member.status === 'offered')
        freed = true;
    }
    if (freed) await places.fill(activity, now);
  });
}

export type ResidentApplications = ReturnType<typeof createResidentApplications>;
