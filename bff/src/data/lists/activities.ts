import type { Selectable } from 'kysely';
import type { Database } from '../database.js';
import type { ActivitiesTable } from '../schema.js';
import {
  containsFolded,
  orderTerm,
  pageWithTotal,
  type ListRequest,
  type ListResult,
} from './query.js';

export type ActivitySort = 'name' | 'price' | 'start_date';
/** Names sort by their sort key ("Área" with the a's, "Baño" after "Banzo": search-keys.ts). */
const ACTIVITY_ORDER: Record<ActivitySort, string[]> = {
  name: ['name_sort_key', "coalesce(start_date, '')"],
  price: ['price_cents', 'name_sort_key'],
  start_date: ['start_date?', 'name_sort_key'],
};

/** The staff list of the catalogue: the activities whose names contain the search. */
export function createActivitiesList(db: Database) {
  return {
    page(request: ListRequest<ActivitySort>): Promise<ListResult<Selectable<ActivitiesTable>>> {
      const filtered = db
        .reads()
        .selectFrom('activities')
        .$if(request.q !== null, (query) =>
          query.where(containsFolded('search_key', request.q ?? '')),
        );
      const query = ACTIVITY_ORDER[request.sort]
        .reduce((acc, key) => acc.orderBy(orderTerm(key, request.order)), filtered.selectAll())
        .orderBy('id', request.order);
      return pageWithTotal(query, request.page, () =>
        filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      );
    },
  };
}
