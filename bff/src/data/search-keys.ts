import { identityNameKey } from '../lib/identity-fold.js';
import { fold, sortFold } from '../lib/text-fold.js';

/**
 * What each searchable table's `search_key` holds: the fields the spec lets staff search, folded
 * (lower case, no accents) and joined by a character no search can contain, so a match never
 * spans two fields. A person's name is one field, "first last": it contains each name on its own
 * and finds "lucía núñez" too.
 */
const join = (parts: (string | null)[]) => fold(parts.filter(Boolean).join('\u0001'));

export const enrolmentSearchKey = (e: {
  first_name: string;
  last_name: string;
  dni: string | null;
  email: string | null;
  phone: string;
}) => join([`${e.first_name} ${e.last_name}`, e.dni, e.email, e.phone]);

/**
 * A person's names as the lists sort them: folded, so "Álvarez" sorts with the a's (`lower()` in
 * SQL folds ASCII letters only), and "ñ" after "n" as in a Spanish dictionary (`sortFold`).
 */
export const enrolmentSortKeys = (e: { first_name: string; last_name: string }) => ({
  last_name_key: sortFold(e.last_name),
  first_name_key: sortFold(e.first_name),
});

/** A person's identity key (lib/identity-fold.ts): the one key for who a person is. */
export { identityNameKey };

/** Everything a person's row keeps derived from their fields: search, sort and identity keys. */
export const enrolmentKeys = (e: Parameters<typeof enrolmentSearchKey>[0]) => ({
  search_key: enrolmentSearchKey(e),
  ...enrolmentSortKeys(e),
  identity_name_key: identityNameKey(e),
});

/** An activity's folded name: what its search looks in. */
export const activitySearchKey = (a: { name: string }) => join([a.name]);

/** Everything an activity's row keeps derived from its name: the search key and the sort key. */
export const activityKeys = (a: { name: string }) => ({
  search_key: activitySearchKey(a),
  name_sort_key: sortFold(a.name),
});

/** What a payment keeps derived from its person's name: the search key and the sort key. */
export const paymentPersonKeys = (p: { person_name: string }) => ({
  person_key: fold(p.person_name),
  person_sort_key: sortFold(p.person_name),
});

export const userSearchKey = (u: { dni: string; phone: string; email: string | null }) =>
  join([u.dni, u.phone, u.email]);
