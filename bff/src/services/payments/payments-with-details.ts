import type { PaymentItemRow, PaymentRow, PaymentsRepo } from '../../data/payments-repo.js';
import type { RefundRow, RefundsRepo } from '../../data/refunds-repo.js';

/**
 * Payments shown with their items and refunds (a resident's history, a page of the staff list):
 * both read for all the rows at once, side by side, then each row given to `view`.
 */
export async function viewsWithDetails<V>(
  deps: {
    payments: Pick<PaymentsRepo, 'itemsByPayment'>;
    refunds: Pick<RefundsRepo, 'ofPayments'>;
  },
  rows: PaymentRow[],
  view: (payment: PaymentRow, items: PaymentItemRow[], refunds: RefundRow[]) => V,
): Promise<V[]> {
  const ids = rows.map((row) => row.id);
  const [items, refunds] = await Promise.all([
    deps.payments.itemsByPayment(ids),
    deps.refunds.ofPayments(ids),
  ]);
  return rows.map((row) => view(row, items.get(row.id) ?? [], refunds.get(row.id) ?? []));
}
