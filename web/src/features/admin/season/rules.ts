import type { DuplicatePair } from '../api/season';

type Applicant = DuplicatePair['persons'][number];

/**
 * What merging a likely duplicate does: the first record (the older application) is kept and
 * the second merged into it; of their two applications for the activity the server keeps a paid
 * place, else the older, and withdraws the other (one person, one ballot).
 */
export function mergePlan(pair: DuplicatePair): {
  keep: Applicant;
  merge: Applicant;
  withdrawnCode: string;
} {
  const [keep, merge] = pair.persons as [Applicant, Applicant];
  const paid = (person: Applicant) => person.application.status === 'confirmed';
  const withdrawn = paid(merge) && !paid(keep) ? keep : merge;
  return { keep, merge, withdrawnCode: withdrawn.application.code };
}
