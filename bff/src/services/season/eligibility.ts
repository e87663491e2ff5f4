import type { SeasonActivityRow } from '../../data/applications-repo.js';
import type { PersonRow } from '../../data/persons-repo.js';
import { DomainError } from '../errors.js';

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
  if (!mayApply(activity, person)) throw refuse(messageKey);
}

/** Whether the person's year of birth is within the activity's limits (none: anyone). */
export function mayApply(
  activity: Pick<SeasonActivityRow, 'min_birth_year' | 'max_birth_year'>,
  person: Pick<PersonRow, 'birth_date'>,
): boolean {
  const { min_birth_year: from, max_birth_year: to } = activity;
  if (from === null && to === null) return true;
  if (!person.birth_date) return false;
  const year = Number(person.birth_date.slice(0, 4));
  return (from === null || year >= from) && (to === null || year <= to);
}
