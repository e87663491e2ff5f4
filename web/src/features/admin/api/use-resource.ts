import { useCallback, useEffect, useState } from 'react';
import type { ApiResult } from './result';

export type ResourceState<T> =
  | { status: 'loading'; data: T | undefined }
  | { status: 'ready'; data: T }
  | { status: 'error'; data: T | undefined };

/**
 * Loads a list on mount, again when `version` changes (another section changed the data) and on
 * reload(). The previous data stays on screen while a reload runs.
 */
export function useResource<T>(load: () => Promise<ApiResult<T>>, version = 0) {
  const [state, setState] = useState<ResourceState<T>>({ status: 'loading', data: undefined });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    load().then((result) => {
      if (!active) return;
      setState((previous) =>
        result.ok
          ? { status: 'ready', data: result.data }
          : { status: 'error', data: previous.data },
      );
    });
    return () => {
      active = false;
    };
  }, [load, version, attempt]);

  const reload = useCallback(() => {
    setState((previous) => ({ status: 'loading', data: previous.data }));
    setAttempt((n) => n + 1);
  }, []);

  return { ...state, reload };
}
