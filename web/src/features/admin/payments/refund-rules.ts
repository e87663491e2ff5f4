import type { AdminPayment } from '../api/payments';

/** What may still go back of a payment: its activities not refunded yet. */
export function refundableItems(payment: AdminPayment) {
  return payment.items.filter((item) => !item.refunded);
}

/**
 * Whether staff can refund anything of this payment: it was collected (paid, or paid twice) and
 * something is left. A duplicate is refunded whole, so its activities are not chosen one by one.
 */
export function canRefund(payment: AdminPayment): boolean {
  const collected = ['paid', 'duplicate', 'partially_refunded'].includes(payment.status);
  return collected && refundableItems(payment).length > 0;
}

export const refundsWhole = (payment: AdminPayment) => payment.status === 'duplicate';

/** The sum of the chosen activities, in euros (rounded to the cent like the server's cents). */
export function refundTotal(payment: AdminPayment, chosen: ReadonlySet<number>): number {
  const cents = payment.items
    .filter((item) => chosen.has(item.activity_id))
    .reduce((sum, item) => sum + Math.round(item.amount * 100), 0);
  return cents / 100;
}
