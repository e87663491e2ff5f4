import { isMobile } from '../lib/identity.js';

/** From this age a person must have a DNI (Spain issues it compulsorily from 14). */
export const DNI_REQUIRED_FROM_AGE = 14;

/** Whole years from a birth date to a day (both 'YYYY-MM-DD'). */
export function ageOn(birthDate: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return day.slice(5) >= birthDate.slice(5) ? years : years - 1;
}

/** What the rule needs of the record that carries a DNI. */
export interface RecordOrigin {
  phone: string;
  birth_date: string | null;
  added_by_resident: number;
}

/**
 * A record a resident added ("add a person") for someone of 14 or more (or of unknown age): the
 * mobile on it is the adding account's, which says nothing about whose DNI it carries.
 */
export const addedByResidentForAnAdult = (record: RecordOrigin, today: string): boolean =>
  record.added_by_resident === 1 &&
  (record.birth_date === null || ageOn(record.birth_date, today) >= DNI_REQUIRED_FROM_AGE);

/**
 * The mobile that stands for a DNI: the one on the council's record of that DNI (written by staff
 * or the import). Registration takes it as the only phone the DNI registers from, and staff's
 * release tool compares accounts with it. None when the record has no mobile, or when a resident
 * added it for a person of 14 or more: no other account's action can stop the holder of a DNI
 * from registering it with their own mobile.
 */
export function mobileOnRecord(record: RecordOrigin | undefined, today: string): string | null {
  if (!record || !isMobile(record.phone)) return null;
  return addedByResidentForAnAdult(record, today) ? null : record.phone;
}
