import { fold } from '../lib/text-fold.js';

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
  dni: string;
  email: string | null;
  phone: string;
}) => join([`${e.first_name} ${e.last_name}`, e.dni, e.email, e.phone]);

export const activitySearchKey = (a: { name: string }) => join([a.name]);

export const userSearchKey = (u: { dni: string; phone: string; email: string | null }) =>
  join([u.dni, u.phone, u.email]);
