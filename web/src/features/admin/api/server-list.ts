/** Rows per page in the panel's tables, as the spec says. */
export const PAGE_SIZE = 10;

export interface ListQuery {
  page: number;
  q: string;
}

export interface ListPage<T> {
  rows: T[];
  /** Rows matching the search, all pages together (the X-Total-Count header). */
  total: number;
}

/** The query string of one page of an admin list. */
export const pageParams = (query: ListQuery, pageSize = PAGE_SIZE) => ({
  page: query.page,
  page_size: pageSize,
  ...(query.q.trim() ? { q: query.q.trim() } : {}),
});

/** One page of a list call, or an error the list shows with "Retry". */
export async function pageOf<T>(
  call: Promise<{ data?: T[]; response: Response }>,
): Promise<ListPage<T>> {
  const { data, response } = await call;
  if (!response.ok || !data) throw new Error(`list answered ${response.status}`);
  const header = response.headers.get('X-Total-Count');
  return { rows: data, total: header === null ? data.length : Number(header) };
}
