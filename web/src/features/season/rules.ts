import type { ApplicationStatus, CatalogueActivity } from './api/season-api';

/** The message id that names an application's status. */
export const statusMessageId = (status: ApplicationStatus) => `season.status.${status}`;

/** The message id of the catalogue's state of an activity. */
export const catalogueStatusId = (status: CatalogueActivity['status']) =>
  `season.catalogue.status.${status}`;

/** Who may apply, as a sentence id and its values; null when anyone may. */
export function birthYearsRule(
  activity: Pick<CatalogueActivity, 'min_birth_year' | 'max_birth_year'>,
): { id: string; values: { from: number; to: number } } | null {
  const from = activity.min_birth_year ?? null;
  const to = activity.max_birth_year ?? null;
  if (from === null && to === null) return null;
  const id =
    from !== null && to !== null
      ? 'season.rule.between'
      : from !== null
        ? 'season.rule.from'
        : 'season.rule.to';
  return { id, values: { from: from ?? 0, to: to ?? 0 } };
}

/**
 * Whether a person may apply, as the server decides it (the server has the last word): the year
 * of birth inside the limits; with limits and no birth date, no.
 */
export function eligibility(
  activity: Pick<CatalogueActivity, 'min_birth_year' | 'max_birth_year'>,
  birthDate: string | null | undefined,
): 'eligible' | 'not_eligible' | 'no_birth_date' {
  if (birthYearsRule(activity) === null) return 'eligible';
  if (!birthDate) return 'no_birth_date';
  const year = Number(birthDate.slice(0, 4));
  const from = activity.min_birth_year ?? -Infinity;
  const to = activity.max_birth_year ?? Infinity;
  return year >= from && year <= to ? 'eligible' : 'not_eligible';
}

/** Activities a resident can apply for now. */
export const openForApplications = (catalogue: readonly CatalogueActivity[]) =>
  catalogue.filter((activity) => activity.status === 'open' || activity.status === 'full');

/** From this age a person added must have a DNI (the server's rule, said before sending). */
export const DNI_REQUIRED_FROM_AGE = 14;

/** Whole years from a birth date to today (both 'YYYY-MM-DD'). */
export function ageOn(birthDate: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return day.slice(5) >= birthDate.slice(5) ? years : years - 1;
}
