import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { containsPattern, fold } from '../../lib/text-fold.js';

export type { ListRequest, ListResult, SortOrder } from '../../lib/list-request.js';
import type { ListRequest, ListResult, SortOrder } from '../../lib/list-request.js';

/**
 * "Contains" on a folded column, or a trusted expression such as `lower(order_code)`: the search
 * folded the same way (case and accents ignored), as LIKE with its wildcards escaped. PostgreSQL's
 * trigram indexes answer it without reading every row; SQLite's LIKE, where it must look at each
 * row, is faster a row than instr() (docs/performance.md, admin lists).
 */
export function containsFolded(column: string, q: string): Expression<SqlBool> {
  const target = column.includes('(') ? sql.raw(column) : sql.ref(column);
  return sql<SqlBool>`${target} like ${containsPattern(fold(q))} escape '\\'`;
}

/** Whether a trigram index can answer "contains" for this text (three characters or more). */
export const trigramSearchable = (q: string): boolean => [...fold(q)].length >= 3;

/**
 * SQLite's full-text query for "contains": the folded text as one quoted phrase, which the
 * trigram index answers; null when shorter than a trigram (then the column is scanned).
 */
export function trigramPhrase(q: string): string | null {
  return trigramSearchable(q) ? `"${fold(q).replace(/"/g, '""')}"` : null;
}

export const offsetOf = (page: { number: number; size: number }) => (page.number - 1) * page.size;

/**
 * One ORDER BY term from a trusted column expression (never from the request). A trailing `?`
 * marks a column that may be null: empty values come first going up and last going down on
 * both engines (their defaults differ), matching the indexes of migration 070.
 */
export function orderTerm(expression: string, order: SortOrder): RawBuilder<unknown> {
  const nullable = expression.endsWith('?');
  const column = nullable ? expression.slice(0, -1) : expression;
  const nulls = nullable ? (order === 'asc' ? ' nulls first' : ' nulls last') : '';
  return sql.raw(`${column} ${order}${nulls}`);
}

interface Pageable<R> {
  execute(): Promise<R[]>;
  limit(count: number): { offset(count: number): { execute(): Promise<R[]> } };
}

/**
 * Runs an ordered query for one page (or all), and the count of matches only when paged: the two
 * side by side, each on a connection of its own where `Database.reads()` has several.
 */
export async function pageWithTotal<R>(
  query: Pageable<R>,
  page: ListRequest<string>['page'],
  count: () => Promise<{ n: number | string | bigint }>,
): Promise<ListResult<R>> {
  if (!page) {
    const rows = await query.execute();
    return { rows, total: rows.length };
  }
  const [rows, counted] = await Promise.all([
    query.limit(page.size).offset(offsetOf(page)).execute(),
    count(),
  ]);
  return { rows, total: Number(counted.n) };
}
