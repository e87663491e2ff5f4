/** What a staff list asks for, shared by the routes that parse it and the queries that answer it. */
export type SortOrder = 'asc' | 'desc';

/** What an admin list asks for: a search, an order, and one page or (page null) all of it. */
export interface ListRequest<S extends string> {
  q: string | null;
  sort: S;
  order: SortOrder;
  page: { number: number; size: number } | null;
}

export interface ListResult<T> {
  rows: T[];
  /** Rows matching the search, all pages together. */
  total: number;
}

/** The search text, or null when blank. */
export const searchText = (q: string | undefined | null): string | null => {
  const trimmed = q?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};
