import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listActivitiesPage } from './activities';

/** Activities offered at once in a choice; a larger catalogue gets a search that asks the server. */
export const ACTIVITY_OPTIONS = 100;

/**
 * The query of the catalogue's first activities matching `q` (all when empty), shared by every
 * choice of activities in the panel, so they ask the server once per change of the catalogue.
 */
export function activityOptionsQuery(version: number | string, q: string) {
  return {
    queryKey: ['admin', 'activities', 'options', version, q],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      listActivitiesPage({ page: 1, q }, signal, ACTIVITY_OPTIONS),
    placeholderData: keepPreviousData,
  };
}

/** The catalogue's first activities (fee groups to suggest, activities a rule may name). */
export function useFirstActivities(version: number | string) {
  const result = useQuery(activityOptionsQuery(version, ''));
  return {
    rows: result.data?.rows ?? [],
    total: result.data?.total ?? 0,
    status: result.isError ? 'error' : result.data ? 'ready' : 'loading',
  } as const;
}
