import { useEffect, useState } from 'react';
import { announcePaymentSettled } from '../../lib/payment-events';
import { getToken, isTokenValid } from '../../lib/session';
import { fetchLatestPayment, type LatestPayment } from './api/payments-api';

/** How often, and for how long, /pago-ok asks whether the bank's confirmation has arrived. */
export const POLL_EVERY_MS = 1500;
export const POLL_FOR_MS = 20_000;

export type Confirmation =
  | { state: 'checking'; payment: LatestPayment | null }
  | { state: 'received'; payment: LatestPayment }
  | { state: 'failed'; payment: LatestPayment }
  /** Still pending after the polling window, or the server could not be asked. */
  | { state: 'waiting'; payment: LatestPayment | null }
  /** The account has no payment at all (another browser paid, or nobody paid): nothing to wait for. */
  | { state: 'none'; payment: null }
  /**
   * No session in this browser (the bank's page opened in another browser, or the session
   * ended): the page stays open to anyone, as the spec has it, and says where to see the result.
   */
  | { state: 'signedOut'; payment: null };

const SETTLED_FAILED = new Set(['failed', 'expired', 'superseded']);

/**
 * After the bank's page: asks the server about the account's newest payment every 1.5 s for up
 * to 20 s. "received" only once the server has the bank's confirmation (never from the return
 * address alone, which proves nothing).
 */
export function usePaymentConfirmation(): Confirmation {
  const [confirmation, setConfirmation] = useState<Confirmation>(() =>
    isTokenValid(getToken())
      ? { state: 'checking', payment: null }
      : { state: 'signedOut', payment: null },
  );
  const signedIn = confirmation.state !== 'signedOut';
  useEffect(() => {
    // asking without a session would only send the resident to /login
    if (!signedIn) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const ask = async () => {
      let payment: LatestPayment | null;
      let answered = true;
      try {
        payment = await fetchLatestPayment();
      } catch {
        payment = null;
        answered = false;
      }
      if (stopped) return;
      // the server says there is no payment: asking again would not change that
      if (answered && payment === null) {
        setConfirmation({ state: 'none', payment: null });
        return;
      }
      if (payment && payment.status !== 'pending') {
        // the dashboard left open in the first tab reads its data again
        announcePaymentSettled();
        setConfirmation(
          SETTLED_FAILED.has(payment.status)
            ? { state: 'failed', payment }
            : { state: 'received', payment },
        );
        return;
      }
      if (Date.now() - started >= POLL_FOR_MS) {
        setConfirmation({ state: 'waiting', payment });
        return;
      }
      setConfirmation({ state: 'checking', payment });
      timer = setTimeout(() => void ask(), POLL_EVERY_MS);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [signedIn]);
  return confirmation;
}
