import type { PaymentItemRow, PaymentRow } from '../../data/payments-repo.js';
import { viewStatus } from '../../data/payments-repo.js';
import type { RefundRow } from '../../data/refunds-repo.js';
import type { Locale } from '../../i18n/index.js';
import { centsToEuros } from '../../lib/money.js';
import { toFeeBreakdownView } from '../fees/breakdown-view.js';
import { readStoredBreakdown } from '../fees/stored-breakdown.js';
import { paidParts } from './part-name.js';

/**
 * The contract's shapes for payments: euros at the edge, items with the name copied at checkout
 * and the breakdown they were charged by (the circumstance named in the caller's language as it
 * was named then), and for a fee in parts the parts each item paid.
 */
export function toPaymentItem(item: PaymentItemRow, refunds: RefundRow[], locale: Locale) {
  const refund = refunds.find((r) => r.id === item.refund_id);
  const breakdown = readStoredBreakdown(item.breakdown);
  return {
    activity_id: item.activity_id,
    person_activity_id: item.enrolment_id,
    ...(item.person_name !== null && { person_name: item.person_name }),
    name: item.activity_name,
    amount: centsToEuros(item.amount_cents),
    refunded: refund?.status === 'succeeded',
    breakdown: breakdown && toFeeBreakdownView(breakdown, locale),
    // the parts of a fee in parts this item paid; null for a whole fee
    parts: paidParts(item),
    registration_fee: centsToEuros(item.registration_fee_cents),
    // an item that paid a family difference, not the fee (the receipt names it)
    ...(item.family_difference_id !== null && {
      family_difference: {
        id: item.family_difference_id,
        member_name: item.family_difference_member ?? '',
      },
    }),
  };
}

const hasReceipt = (payment: PaymentRow) =>
  payment.status === 'paid' && payment.verification_code !== null;

export function toRefund(refund: RefundRow, items: PaymentItemRow[]) {
  return {
    id: refund.id,
    amount: centsToEuros(refund.amount_cents),
    reason: refund.reason,
    status: refund.status,
    gateway_code: refund.gateway_code,
    actor_dni: refund.actor_dni,
    created_at: refund.created_at,
    completed_at: refund.completed_at,
    // a refused refund frees its items; the audit log keeps which they were
    activity_ids: items.filter((i) => i.refund_id === refund.id).map((i) => i.activity_id),
  };
}

export function toAdminPayment(
  payment: PaymentRow,
  items: PaymentItemRow[],
  refunds: RefundRow[],
  locale: Locale,
) {
  return {
    id: payment.id,
    order: payment.order_code,
    pay_method: payment.pay_method,
    bank_pay_method: payment.bank_pay_method,
    status: viewStatus(payment),
    amount: centsToEuros(payment.amount_cents),
    use_discount: payment.use_discount === 1,
    person_activity_id: payment.enrolment_id,
    full_name: payment.person_name,
    dni: payment.person_dni || null,
    user_id: payment.user_id,
    created_at: payment.created_at,
    updated_at: payment.updated_at,
    response_code: payment.response_code,
    authorisation_code: payment.authorisation_code,
    paid_at: payment.paid_at,
    refunded_amount: centsToEuros(payment.refunded_cents),
    receipt_available: hasReceipt(payment),
    items: items.map((item) => toPaymentItem(item, refunds, locale)),
    refunds: refunds.map((refund) => toRefund(refund, items)),
  };
}

export function toResidentPayment(
  payment: PaymentRow,
  items: PaymentItemRow[],
  refunds: RefundRow[],
  locale: Locale,
) {
  const status = viewStatus(payment);
  return {
    id: payment.id,
    order: payment.order_code,
    pay_method: payment.pay_method,
    bank_pay_method: payment.bank_pay_method,
    status:
      status === 'refunded' || status === 'partially_refunded'
        ? status
        : payment.status === 'duplicate'
          ? ('duplicate' as const)
          : ('paid' as const),
    paid_at: payment.paid_at ?? payment.updated_at,
    person_activity_id: payment.enrolment_id ?? 0,
    full_name: payment.person_name,
    dni: payment.person_dni || null,
    amount: centsToEuros(payment.amount_cents),
    refunded_amount: centsToEuros(payment.refunded_cents),
    use_discount: payment.use_discount === 1,
    receipt_available: hasReceipt(payment),
    items: items.map((item) => toPaymentItem(item, refunds, locale)),
  };
}

export function toLatestPayment(payment: PaymentRow) {
  return {
    id: payment.id,
    order: payment.order_code,
    pay_method: payment.pay_method,
    bank_pay_method: payment.bank_pay_method,
    status: viewStatus(payment),
    amount: centsToEuros(payment.amount_cents),
    created_at: payment.created_at,
    paid_at: payment.paid_at,
    receipt_available: hasReceipt(payment),
  };
}
