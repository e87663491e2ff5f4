import { searchText, type ListRequest, type SortOrder } from '../../lib/list-request.js';
import type { AppContext } from '../../http/context.js';

/** The panel's page size when a list is asked for one page without saying how big. */
export const DEFAULT_PAGE_SIZE = 10;

/**
 * An admin list's query (already checked against the contract) as a ListRequest. Paged when
 * `page` or `page_size` is given, else the whole list as the spec shows it. The list's usual order
 * applies when `sort` is left out; a chosen column goes up unless `order` says otherwise.
 */
export function listRequest<S extends string>(
  query: { page?: number; page_size?: number; q?: string; sort?: S; order?: SortOrder },
  usual: { sort: S; order: SortOrder },
): ListRequest<S> {
  const sort = query.sort ?? usual.sort;
  const paged = query.page !== undefined || query.page_size !== undefined;
  return {
    q: searchText(query.q),
    sort,
    order: query.order ?? (sort === usual.sort ? usual.order : 'asc'),
    page: paged ? { number: query.page ?? 1, size: query.page_size ?? DEFAULT_PAGE_SIZE } : null,
  };
}

/** The list's rows as the body, and how many match in X-Total-Count. */
export function sendList<T>(ctx: AppContext, result: { rows: T[]; total: number }): void {
  ctx.set('X-Total-Count', String(result.total));
  ctx.body = result.rows;
}
