import { useCallback, useEffect, useState } from 'react';
import { fetchMyPayments, type ResidentPayment } from './payments-api';

export type MyPayments =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; payments: ResidentPayment[] };

/** The account's completed payments, loaded when the component that shows them mounts. */
export function useMyPayments(): MyPayments {
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'error' } | { status: 'ready'; payments: ResidentPayment[] }
  >({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    fetchMyPayments().then(
      (payments) => current && setState({ status: 'ready', payments }),
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
  return state.status === 'error' ? { status: 'error', retry } : state;
}
