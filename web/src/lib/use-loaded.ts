import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';

export type Loaded<T> =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; data: T; replace: (data: T) => void };

/**
 * What a resident's screen shows from one call (TanStack Query, under `key`): loading, an error
 * to retry, or the data (which `replace` updates after a save answered it, for every part of the
 * page showing it).
 */
export function useLoaded<T>(key: QueryKey, load: () => Promise<T>): Loaded<T> {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: key, queryFn: load });
  const replace = useCallback(
    (data: T) => queryClient.setQueryData<T>(key, data),
    [queryClient, key],
  );
  const retry = () => void query.refetch();
  if (query.isError && !query.isFetching) return { status: 'error', retry };
  if (query.isSuccess) return { status: 'ready', data: query.data, replace };
  return { status: 'loading' };
}
