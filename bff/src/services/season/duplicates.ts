import type { ApplicationsRepo } from '../../data/applications-repo.js';
import { distinctKey, type PersonMergeRepo } from '../../data/person-merge-repo.js';
import type { ApplicationStatus } from '../../data/schema.js';
import { fullName } from '../../lib/clean-name.js';
import { groupBy } from '../../lib/group-by.js';
import { nameLikeness, type Likeness } from '../../lib/name-likeness.js';

interface DuplicatePerson {
  person_activity_id: number;
  full_name: string;
  dni: string | null;
  birth_date: string | null;
  accounts: number;
  application: { id: number; code: string; status: ApplicationStatus; created_at: string };
}

export interface DuplicatePair {
  reason: Likeness;
  persons: [DuplicatePerson, DuplicatePerson];
}

type Applicant = Awaited<ReturnType<ApplicationsRepo['liveApplicants']>>[number];

const toPerson = (row: Applicant): DuplicatePerson => ({
  person_activity_id: row.enrolment_id,
  full_name: fullName(row),
  dni: row.dni,
  birth_date: row.birth_date,
  accounts: Number(row.accounts ?? 0),
  application: { id: row.id, code: row.code, status: row.status, created_at: row.created_at },
});

/** Where the likely duplicates are read: the applicants, and the pairs staff marked different. */
export interface DuplicateSources {
  applications: Pick<ApplicationsRepo, 'liveApplicants'>;
  merges: Pick<PersonMergeRepo, 'distinctAmong'>;
}

/**
 * Pairs of an activity's applicants who are likely one person, still to be reviewed: the same
 * birth date and names alike by the one identity key (lib/name-likeness.ts, which compares
 * lib/identity-fold.ts's key); never two persons whose DNIs differ, nor two staff marked
 * "different people". Compared only within a birth date, so even thousands of applicants make
 * few comparisons. Oldest application first. A draw waits while any remains (draws.ts).
 */
export async function likelyDuplicates(
  sources: DuplicateSources,
  activityId: number,
): Promise<DuplicatePair[]> {
  const rows = await sources.applications.liveApplicants(activityId);
  const byBirth = groupBy(
    rows.filter((row) => row.birth_date !== null),
    (row) => row.birth_date,
  );
  const pairs: DuplicatePair[] = [];
  for (const group of byBirth.values()) {
    for (let i = 0; i < group.length; i++) {
      for (let j = i + 1; j < group.length; j++) {
        const [a, b] = [group[i]!, group[j]!];
        if (a.enrolment_id === b.enrolment_id) continue;
        if (a.dni !== null && b.dni !== null && a.dni !== b.dni) continue;
        const reason = nameLikeness(a, b);
        if (reason) pairs.push({ reason, persons: [toPerson(a), toPerson(b)] });
      }
    }
  }
  const ids = [...new Set(pairs.flatMap((p) => p.persons.map((x) => x.person_activity_id)))];
  const distinct = await sources.merges.distinctAmong(ids);
  const first = (pair: DuplicatePair) => pair.persons[0].application;
  return pairs
    .filter(
      ({ persons: [a, b] }) =>
        !distinct.has(distinctKey(a.person_activity_id, b.person_activity_id)),
    )
    .sort(
      (x, y) => first(x).created_at.localeCompare(first(y).created_at) || first(x).id - first(y).id,
    );
}
