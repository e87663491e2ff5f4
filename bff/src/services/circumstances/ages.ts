import type { CircumstanceRow } from '../../data/circumstances-repo.js';
import { fullName } from '../../lib/clean-name.js';
import { ageOn, withinAges } from '../fees/compute.js';
import { invalid, type ValidationIssue } from '../errors.js';

const onCircumstance = (msg: string, type: string, params?: ValidationIssue['params']) =>
  invalid([{ loc: ['body', 'circumstance_id'], msg, type, ...(params ? { params } : {}) }]);

/** A circumstance by age is nobody's to ask for or approve: it applies by itself (422). */
export function refuseByAge(circumstance: Pick<CircumstanceRow, 'review'>): void {
  if (circumstance.review === 'age')
    throw onCircumstance('circumstance_by_age', 'circumstance_by_age');
}

/**
 * A declaration with ages: only a person whose age today is within them may declare it (422
 * `circumstance_age`, the ages and the person named); without a birth date, add it first.
 */
export function refuseOutsideAges(
  circumstance: Pick<CircumstanceRow, 'min_age' | 'max_age'>,
  person: { first_name: string; last_name: string; birth_date: string | null },
  today: string,
): void {
  if (circumstance.min_age === null && circumstance.max_age === null) return;
  const name = fullName(person);
  if (person.birth_date === null)
    throw onCircumstance('circumstance_age_no_birth_date', 'circumstance_age', { name });
  if (withinAges(circumstance, ageOn(person.birth_date, today))) return;
  const min = circumstance.min_age ?? 0;
  throw circumstance.max_age === null
    ? onCircumstance('circumstance_age_open', 'circumstance_age', { min, name })
    : onCircumstance('circumstance_age', 'circumstance_age', {
        min,
        max: circumstance.max_age,
        name,
      });
}
