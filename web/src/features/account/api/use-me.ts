import { useCallback, useEffect, useState } from 'react';
import { fetchMe, type Me } from './account-api';

export type MeState =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; me: Me; replace: (me: Me) => void };

/** The signed-in account, loaded when the component that shows it mounts. */
export function useMe(): MeState {
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'error' } | { status: 'ready'; me: Me }
  >({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    fetchMe().then(
      (me) => current && setState({ status: 'ready', me }),
      () => current && setState({ status: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  const replace = useCallback((me: Me) => setState({ status: 'ready', me }), []);
  if (state.status === 'error') return { status: 'error', retry };
  if (state.status === 'ready') return { ...state, replace };
  return state;
}
