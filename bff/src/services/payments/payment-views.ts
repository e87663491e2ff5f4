import type { PaymentItemRow, PaymentRow } from '../../data/payments-repo.js';
import { centsToEuros } from '../../lib/money.js';

/** The contract's shapes for payments: euros at the edge, items with the name copied at checkout. */
export function toPaymentItem(item: PaymentItemRow) {
  return {
    activity_id: item.activity_id,
    name: item.activity_name,
    amount: centsToEuros(item.amount_cents),
  };
}

export function toAdminPayment(payment: PaymentRow, items: PaymentItemRow[]) {
  return {
    id: payment.id,
    order: payment.order_code,
    status: payment.status,
    amount: centsToEuros(payment.amount_cents),
    use_discount: payment.use_discount === 1,
    person_activity_id: payment.enrolment_id,
    full_name: payment.person_name,
    dni: payment.person_dni,
    user_id: payment.user_id,
    created_at: payment.created_at,
    updated_at: payment.updated_at,
    response_code: payment.response_code,
    authorisation_code: payment.authorisation_code,
    items: items.map(toPaymentItem),
  };
}

export function toResidentPayment(payment: PaymentRow, items: PaymentItemRow[]) {
  return {
    order: payment.order_code,
    paid_at: payment.paid_at ?? payment.updated_at,
    person_activity_id: payment.enrolment_id ?? 0,
    full_name: payment.person_name,
    dni: payment.person_dni,
    amount: centsToEuros(payment.amount_cents),
    use_discount: payment.use_discount === 1,
    items: items.map(toPaymentItem),
  };
}
