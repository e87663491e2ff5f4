import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PAGE_SIZE, type ListPage, type ListQuery } from './server-list';

/** Typing pauses this long before the search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * One admin table's server-side list: the search box's text (sent once typing pauses), the page
 * (back to 1 on a new search or when the data changed elsewhere, `version`), and the page's rows
 * from the server. The previous page stays on screen while the next one loads.
 */
export function useServerList<T>(
  key: string,
  fetchPage: (query: ListQuery, signal: AbortSignal) => Promise<ListPage<T>>,
  version: number | string = 0,
) {
  const [query, setQuery] = useState('');
  const q = useDebounced(query, SEARCH_DEBOUNCE_MS);
  // the page belongs to one search and one version of the data: anything newer starts at 1
  const [pageState, setPageState] = useState({ page: 1, q, version });
  const page = pageState.q === q && pageState.version === version ? pageState.page : 1;
  const result = useQuery({
    queryKey: ['admin', key, version, q, page],
    queryFn: ({ signal }) => fetchPage({ page, q }, signal),
    placeholderData: keepPreviousData,
  });
  const total = result.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return {
    query,
    setQuery,
    /** The search the rows answer (the box may be ahead of it while typing). */
    searched: q,
    page,
    pageCount,
    total,
    rows: result.data?.rows ?? [],
    goTo: (target: number) => setPageState({ page: target, q, version }),
    /** A request is under way (the rows shown may be the previous page's). */
    fetching: result.isFetching,
    /** For ListStatus: the first load, an error with retry, or ready. */
    list: {
      status: result.isError
        ? ('error' as const)
        : result.isPending
          ? ('loading' as const)
          : ('ready' as const),
      data: result.data,
      reload: () => void result.refetch(),
    },
  };
}
