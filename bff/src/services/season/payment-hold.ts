/**
 * How long past its deadline an offered place waits for a payment still open at the bank (a
 * card page left open, a bank that never answered): meanwhile the reconciliation job asks the
 * bank every few minutes; after it the offer expires like any unpaid one (a payment the bank
 * authorises later finds no place and becomes a duplicate to refund). Two hours: a card page
 * abandoned at the last minute never keeps a one-hour offer for a day.
 */
export const PAYMENT_HOLD_MS = 2 * 3_600_000;

/** Until when an offered place with an open payment is held (UTC ISO), or null. */
export function paymentCheckUntil(row: {
  status: string;
  offer_expires_at: string | null;
  payment_open?: number | string | null;
}): string | null {
  if (row.status !== 'offered' || !row.offer_expires_at || Number(row.payment_open ?? 0) !== 1)
    return null;
  return new Date(Date.parse(row.offer_expires_at) + PAYMENT_HOLD_MS).toISOString();
}
