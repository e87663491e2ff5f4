import type { RawBuilder } from 'kysely';
import { orderTerm, type SortOrder } from './query.js';

export type EnrolmentSort = 'last_name' | 'first_name' | 'dni' | 'email' | 'phone';

/** The columns each sort reads, each backed by an index (migrations 070 and 130), then the id. */
export const ENROLMENT_ORDER: Record<EnrolmentSort, string[]> = {
  last_name: ['e.last_name_key', 'e.first_name_key'],
  first_name: ['e.first_name_key', 'e.last_name_key'],
  dni: ['e.dni'],
  email: ['lower(e.email)?'],
  phone: ['e.phone'],
};

/** A query of the enrolments (as `e`) in the list's order: the sort's columns, then the id. */
export function inListOrder<Q extends { orderBy(term: RawBuilder<unknown>): Q }>(
  query: Q,
  sort: EnrolmentSort,
  order: SortOrder,
): Q {
  return [...ENROLMENT_ORDER[sort], 'e.id'].reduce(
    (acc, key) => acc.orderBy(orderTerm(key, order)),
    query,
  );
}

/**
 * People (the enrolments as `e`) in the lists' order by name: surname, first name, then id. Every
 * list of people uses it (the staff list, a resident's people, the export, the reminders), so
 * they all sort alike.
 */
export function inNameOrder<Q extends { orderBy(term: RawBuilder<unknown>): Q }>(query: Q): Q {
  return inListOrder(query, 'last_name', 'asc');
}
