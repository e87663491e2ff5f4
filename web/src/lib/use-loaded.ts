import { useCallback, useEffect, useState } from 'react';

export type Loaded<T> =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; data: T; replace: (data: T) => void };

/**
 * What a resident's screen shows from one call, loaded when the component mounts: loading, an
 * error to retry, or the data (which `replace` updates after a save answered it). The residents'
 * screens do without a server-state library, so /dashboard downloads none.
 */
export function useLoaded<T>(load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: T }
  >({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && setState({ status: 'ready', data }),
      () => current && setState({ status: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [load, attempt]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  const replace = useCallback((data: T) => setState({ status: 'ready', data }), []);
  if (state.status === 'error') return { status: 'error', retry };
  if (state.status === 'ready') return { ...state, replace };
  return state;
}
