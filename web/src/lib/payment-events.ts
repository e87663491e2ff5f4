/**
 * Tabs of the portal telling each other that a payment has a result: the bank's page opens in a
 * new tab, and the dashboard left open in the first one must not keep offering what was just
 * paid. BroadcastChannel reaches every tab of this origin in this browser (none where absent).
 */
const CHANNEL = 'portal-payments';

export function announcePaymentSettled(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage('settled');
  channel.close();
}

/** Calls `listener` whenever another tab announces a payment result; returns the unsubscribe. */
export function onPaymentSettled(listener: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => listener();
  return () => channel.close();
}
