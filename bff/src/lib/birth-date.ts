import { isCivilDate } from './madrid-date.js';

/**
 * A birth date a person can have: a real 'YYYY-MM-DD' date, not after today (Europe/Madrid) nor
 * before 1900. The one check for a resident adding a person and staff correcting a date.
 */
export const isValidBirthDate = (value: string, today: string): boolean =>
  isCivilDate(value) && value <= today && value >= '1900-01-01';
