import type { ApplicationRow, ApplicationsRepo } from '../../data/applications-repo.js';
import type { EnrolmentRow } from '../../data/enrolments-repo.js';
import type { AuditRepo } from '../../data/audit-repo.js';
import type { Database } from '../../data/database.js';
import type { PersonMergeRepo } from '../../data/person-merge-repo.js';
import { fullName } from '../../lib/clean-name.js';
import type { Clock } from '../../lib/clock.js';
import { groupBy } from '../../lib/group-by.js';
import { auditDni, recordAdminWrite, type Actor } from '../admin/audit-trail.js';
import { conflict, invalid, notFound } from '../errors.js';
import type { ManagedPerson } from '../residents/persons.js';
import type { Places } from './places.js';

export interface MergeResult {
  person: ManagedPerson;
  moved: { activities: number; payments: number; applications: number; accounts: number };
  withdrawn: string[];
  paid_twice: string[];
}

/**
 * Of one person's two live applications for one activity, the one that stays: a paid place
 * always, else the older (one person, one ballot: the newer was the extra one).
 */
export function applicationToKeep(a: ApplicationRow, b: ApplicationRow): ApplicationRow {
  if ((a.status === 'confirmed') !== (b.status === 'confirmed'))
    return a.status === 'confirmed' ? a : b;
  return a.created_at < b.created_at || (a.created_at === b.created_at && a.id < b.id) ? a : b;
}

/**
 * Staff's merge of two records of one person: the newer of two live applications for one
 * activity withdrawn (an offered place passing on), then everything moved onto the kept record,
 * the other deleted, all in one transaction and audited.
 */
export function createPersonMerge(deps: {
  db: Database;
  clock: Clock;
  merges: PersonMergeRepo;
  applications: Pick<ApplicationsRepo, 'liveOfPeople' | 'lockActivity'>;
  places: Places;
  audit: AuditRepo;
}) {
  const { db, merges, places } = deps;

  return async function merge(
    actor: Actor,
    input: { keep_id: number; merge_id: number },
  ): Promise<MergeResult> {
    if (input.keep_id === input.merge_id) {
      throw invalid([
        { loc: ['body', 'merge_id'], msg: 'merge_same_person', type: 'merge_same_person' },
      ]);
    }
    return db.transaction(async () => {
      const locked = await merges.lockPeople([input.keep_id, input.merge_id]);
      const keep = locked.find((row) => row.id === input.keep_id);
      const other = locked.find((row) => row.id === input.merge_id);
      if (!keep || !other) throw notFound();
      if (keep.dni !== null && other.dni !== null && keep.dni !== other.dni)
        throw conflict('persons_differ');

      const now = deps.clock.now();
      const who = { userId: actor.id, dni: actor.dni, ip: actor.ip };
      const withdrawn: string[] = [];
      const live = await deps.applications.liveOfPeople([keep.id, other.id]);
      for (const [activityId, both] of groupBy(live, (row) => row.activity_id)) {
        if (both.length < 2) continue;
        const activity = await deps.applications.lockActivity(activityId);
        const [a, b] = both as [ApplicationRow, ApplicationRow];
        const loser = applicationToKeep(a, b) === a ? b : a;
        if (!activity || !(await places.end(loser, 'withdrawn', who, now))) continue;
        withdrawn.push(loser.code);
        if (loser.status === 'offered') await places.fill(activity, now);
      }

      await merges.markMerged(withdrawn);
      const moved = await merges.moveBelongings(other.id, keep.id);
      await merges.remove(other.id);
      const fields = {
        dni: keep.dni ?? other.dni,
        email: keep.email ?? other.email,
        birth_date: keep.birth_date ?? other.birth_date,
        // a resident's record stays one only when both were: staff's record is the council's
        added_by_resident: (keep.added_by_resident && other.added_by_resident ? 1 : 0) as 0 | 1,
      };
      await merges.complete(keep, fields);
      const { paidTwice, ...counts } = moved;
      await recordAdminWrite(deps.audit, actor, 'person.merge', 'enrolment', keep.id, {
        merged_id: other.id,
        merged: { name: fullName(other), dni: auditDni(other.dni), birth_date: other.birth_date },
        moved: counts,
        withdrawn,
        paid_twice: paidTwice,
      });
      return {
        person: {
          person_activity_id: keep.id,
          full_name: fullName(keep),
          dni: fields.dni,
          birth_date: fields.birth_date,
        },
        moved: counts,
        withdrawn,
        paid_twice: paidTwice,
      };
    });
  };
}

export type PersonMerge = ReturnType<typeof createPersonMerge>;

/**
 * Staff's "different people" for a likely pair: two records checked and found to be two
 * persons (twins, namesakes), marked so the likely duplicates no longer show them and a draw no
 * longer waits for them; audited once (marking again changes nothing).
 */
export function createMarkDifferent(deps: {
  db: Database;
  clock: Clock;
  merges: Pick<PersonMergeRepo, 'lockPeople' | 'markDistinct'>;
  audit: AuditRepo;
}) {
  return async function markDifferent(
    actor: Actor,
    input: { first_id: number; second_id: number },
  ): Promise<void> {
    if (input.first_id === input.second_id) {
      throw invalid([
        { loc: ['body', 'second_id'], msg: 'different_same_person', type: 'different_same_person' },
      ]);
    }
    await deps.db.transaction(async () => {
      const people = await deps.merges.lockPeople([input.first_id, input.second_id]);
      if (people.length < 2) throw notFound();
      const [a, b] = people as [EnrolmentRow, EnrolmentRow];
      const at = deps.clock.now().toISOString();
      if (!(await deps.merges.markDistinct([a.id, b.id], actor.id, at))) return;
      await recordAdminWrite(deps.audit, actor, 'person.different', 'enrolment', a.id, {
        other_id: b.id,
        persons: [a, b].map((p) => ({
          id: p.id,
          name: fullName(p),
          dni: auditDni(p.dni),
          birth_date: p.birth_date,
        })),
      });
    });
  };
}

export type MarkDifferent = ReturnType<typeof createMarkDifferent>;
