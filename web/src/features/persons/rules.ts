import type { components } from '../../lib/api/schema.gen';

/** Rules of the managed-people section, as pure functions. */

export type ManagedPerson = components['schemas']['ManagedPerson'];

export const PAGE_SIZE = 10;
export const PHONE_LENGTH = 9;
export const PHONE_PREFIX = '34';

/** Case-insensitive (and accent-insensitive) search over dni and full_name. */
export function filterPersons(persons: readonly ManagedPerson[], query: string): ManagedPerson[] {
  const needle = normalise(query.trim());
  if (!needle) return [...persons];
  return persons.filter(
    (person) =>
      normalise(person.dni ?? '').includes(needle) || normalise(person.full_name).includes(needle),
  );
}

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('es');
}

/** Number of pages for `count` rows (at least 1, so an empty list reads "page 1 of 1"). */
export function pageCount(count: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(count / size));
}

/** Keeps a page number between 1 and the last page. */
export function clampPage(page: number, count: number, size = PAGE_SIZE): number {
  return Math.min(Math.max(1, Math.trunc(page)), pageCount(count, size));
}

/** The rows of one page (1-based). */
export function pageRows<T>(rows: readonly T[], page: number, size = PAGE_SIZE): T[] {
  const current = clampPage(page, rows.length, size);
  return rows.slice((current - 1) * size, current * size);
}

export interface RequestErrors {
  dni?: 'required';
  phone?: 'required' | 'phone_digits';
}

/** Step 1: dni and phone are required ('fill_all_fields'); the phone is 9 digits. */
export function validateRequest(values: { dni: string; phone: string }): RequestErrors {
  const errors: RequestErrors = {};
  if (!values.dni.trim()) errors.dni = 'required';
  const phone = values.phone.trim();
  if (!phone) errors.phone = 'required';
  else if (!new RegExp(`^[0-9]{${PHONE_LENGTH}}$`).test(phone)) errors.phone = 'phone_digits';
  return errors;
}

/** The body of POST /user/persons/request-association: trimmed dni, phone with the 34 prefix. */
export function associationRequestBody(values: {
  dni: string;
  phone: string;
}): components['schemas']['AssociationRequest'] {
  return { dni: values.dni.trim(), phone: `${PHONE_PREFIX}${values.phone.trim()}` };
}

/** Step 2: the code is required. */
export function validateVerify(values: { otp: string }): { otp?: 'required' } {
  return values.otp.trim() ? {} : { otp: 'required' };
}
