import type { OwedBackRepo } from '../../data/owed-back-repo.js';
import type { PaymentItemRow, PaymentRow } from '../../data/payments-repo.js';
import { centsToEuros } from '../../lib/money.js';

/** A staff view of a payment whose items can be given `refund_due`. */
interface WithItems {
  items: { activity_id: number; person_activity_id?: number; refund_due?: number }[];
}

/**
 * Staff's payments with each item's `refund_due`: what it can give back of what its fee in
 * parts owes back (a reduction approved after the parts were paid), at most what is left of the
 * item and of the payment; read from the database for the whole page at once.
 */
export async function withRefundDue<V extends WithItems>(
  owedBack: Pick<OwedBackRepo, 'ofFees'>,
  shown: readonly { payment: PaymentRow; items: PaymentItemRow[]; view: V }[],
): Promise<V[]> {
  const candidates = shown.flatMap(({ payment, items }) =>
    payment.status === 'paid'
      ? items.filter((i) => i.part_to !== null && i.refund_id === null)
      : [],
  );
  const owed = candidates.length > 0 ? await owedBack.ofFees(candidates) : new Map();
  return shown.map(({ payment, items, view }) => {
    if (payment.status !== 'paid') return view;
    const left = payment.amount_cents - payment.refunded_cents;
    // by fee (person and activity): a family's payment may pay one activity for two people
    const due = new Map<string, number>();
    for (const item of items) {
      const key = `${item.enrolment_id}:${item.activity_id}`;
      const fee = owed.get(key);
      if (!fee || item.part_to === null || item.refund_id !== null) continue;
      const cents = Math.min(fee, item.amount_cents, left);
      if (cents > 0) due.set(key, cents);
    }
    if (due.size === 0) return view;
    const keyOf = (item: V['items'][number]) =>
      `${item.person_activity_id ?? payment.enrolment_id}:${item.activity_id}`;
    return {
      ...view,
      items: view.items.map((item) =>
        due.has(keyOf(item)) ? { ...item, refund_due: centsToEuros(due.get(keyOf(item))!) } : item,
      ),
    };
  });
}
