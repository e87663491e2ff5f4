/**
 * The key functions as the migrations that write keys (040, 070, 110, 130, 140, 170) need them:
 * a copy of `lib/text-fold.ts` and `data/search-keys.ts` as they were when those migrations were
 * released, so that the live functions can change without changing what an old migration does.
 * Never edit this file: a migration that needs other keys brings its own copy.
 */

const fold = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const sortFold = (text: string): string => fold(text.normalize('NFC').replace(/[ñÑ]/g, 'n~'));

const join = (parts: (string | null)[]) => fold(parts.filter(Boolean).join('\u0001'));

export { fold };

export const enrolmentSearchKey = (e: {
  first_name: string;
  last_name: string;
  dni: string;
  email: string | null;
  phone: string;
}) => join([`${e.first_name} ${e.last_name}`, e.dni, e.email, e.phone]);

export const enrolmentSortKeys = (e: { first_name: string; last_name: string }) => ({
  last_name_key: sortFold(e.last_name),
  first_name_key: sortFold(e.first_name),
});

export const activitySearchKey = (a: { name: string }) => join([a.name]);

export const activityKeys = (a: { name: string }) => ({
  search_key: activitySearchKey(a),
  name_sort_key: sortFold(a.name),
});

export const paymentPersonKeys = (p: { person_name: string }) => ({
  person_key: fold(p.person_name),
  person_sort_key: sortFold(p.person_name),
});

export const userSearchKey = (u: { dni: string; phone: string; email: string | null }) =>
  join([u.dni, u.phone, u.email]);
