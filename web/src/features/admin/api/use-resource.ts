import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiResult } from './result';

export type ResourceState<T> =
  | { status: 'loading'; data: T | undefined }
  | { status: 'ready'; data: T }
  | { status: 'error'; data: T | undefined };

/**
 * One admin resource (the settings, a page of payments, the reminder summary...) from the app's
 * server-state cache, under `key` (include what it depends on: a page, a filter, a version that
 * changes when another section changed the data). The previous data stays on screen while a
 * newer one loads; reload() asks again.
 */
export function useResource<T>(key: readonly unknown[], load: () => Promise<ApiResult<T>>) {
  const result = useQuery({
    queryKey: ['admin', ...key],
    queryFn: async () => {
      const answer = await load();
      if (!answer.ok) throw new Error(`admin resource answered ${answer.status}`);
      return answer.data;
    },
    placeholderData: keepPreviousData,
  });
  const reload = () => void result.refetch();
  const state: ResourceState<T> = result.isError
    ? { status: 'error', data: result.data }
    : result.isFetching || result.data === undefined
      ? { status: 'loading', data: result.data }
      : { status: 'ready', data: result.data };
  return { ...state, reload };
}
