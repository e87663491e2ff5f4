import { sql, type Selectable } from 'kysely';
import type { Database } from '../database.js';
import type { UsersTable } from '../schema.js';
import {
  containsFolded,
  orderTerm,
  pageWithTotal,
  type ListRequest,
  type ListResult,
} from './query.js';

export type UserSort = 'created_at' | 'dni' | 'phone' | 'email';
const USER_ORDER: Record<UserSort, string> = {
  created_at: 'created_at',
  dni: 'dni',
  phone: 'phone',
  email: 'lower(email)?',
};

export type UserListRow = Selectable<UsersTable> & { records_phone: string | null };

/** The staff list of accounts: those whose DNI, phone or e-mail contain the search. */
export function createUsersList(db: Database) {
  return {
    page(request: ListRequest<UserSort>): Promise<ListResult<UserListRow>> {
      const filtered = db
        .reads()
        .selectFrom('users')
        .$if(request.q !== null, (query) =>
          query.where(containsFolded('search_key', request.q ?? '')),
        );
      const query = filtered
        .selectAll()
        // the phone on the enrolment records for the same DNI (dni is unique there: one lookup)
        .select(
          sql<string | null>`(SELECT e.phone FROM enrolments e WHERE e.dni = users.dni)`.as(
            'records_phone',
          ),
        )
        .orderBy(orderTerm(USER_ORDER[request.sort], request.order))
        .orderBy('id', request.order);
      return pageWithTotal(query, request.page, () =>
        filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      );
    },
  };
}
