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

/** An account with what the enrolment record of its DNI says (none: every field null). */
export type UserListRow = Selectable<UsersTable> & {
  records_phone: string | null;
  records_birth_date: string | null;
  records_added_by_resident: number | null;
};

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
        // the enrolment record of the same DNI (dni is unique there: one keyed lookup each)
        .select([
          sql<string | null>`(SELECT e.phone FROM enrolments e WHERE e.dni = users.dni)`.as(
            'records_phone',
          ),
          sql<string | null>`(SELECT e.birth_date FROM enrolments e WHERE e.dni = users.dni)`.as(
            'records_birth_date',
          ),
          sql<
            number | null
          >`(SELECT e.added_by_resident FROM enrolments e WHERE e.dni = users.dni)`.as(
            'records_added_by_resident',
          ),
        ])
        .orderBy(orderTerm(USER_ORDER[request.sort], request.order))
        .orderBy('id', request.order);
      return pageWithTotal(query, request.page, () =>
        filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      );
    },
  };
}
