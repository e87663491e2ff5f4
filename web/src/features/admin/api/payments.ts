import { api } from '../../../lib/api/client';
import { fileNameOf, saveBlob } from '../../../lib/download';
import { toResult, type Schemas } from './result';

export type AdminPayment = Schemas['AdminPayment'];
export type PaymentStatus = Schemas['AdminPaymentStatus'];
/** The list's status filter: a status, or `refund_due` (a late reduction owes money back). */
export type PaymentFilterStatus = Schemas['PaymentListStatus'];

export const PAYMENT_STATUSES: readonly PaymentStatus[] = [
  'pending',
  'paid',
  'failed',
  'superseded',
  'duplicate',
  'expired',
  'partially_refunded',
  'refunded',
];

/** The filter's options: the statuses, then the payments of fees that owe money back. */
export const PAYMENT_FILTERS: readonly PaymentFilterStatus[] = [...PAYMENT_STATUSES, 'refund_due'];

export const PAYMENTS_PAGE_SIZE = 20;

export function listPayments(query: { status?: PaymentFilterStatus; page: number }) {
  return toResult(
    api.GET('/admin/payments/', {
      params: { query: { ...query, page_size: PAYMENTS_PAGE_SIZE } },
    }),
  );
}

/** The filtered payments as .xlsx, as a Blob. */
export function exportPayments(query: { status?: PaymentFilterStatus }) {
  return toResult(api.GET('/admin/payments/export', { params: { query }, parseAs: 'blob' }));
}

/** POST /admin/payments/{id}/refund: the payment after the refund, or the refusal. */
export function refundPayment(
  id: number,
  body: { reason: string; activity_ids: number[]; amount?: number },
) {
  return toResult(
    api.POST('/admin/payments/{payment_id}/refund', { params: { path: { payment_id: id } }, body }),
  );
}

/** POST /admin/payments/{id}/check: asks the bank now; the payment as it stands after. */
export function checkPayment(id: number) {
  return toResult(
    api.POST('/admin/payments/{payment_id}/check', { params: { path: { payment_id: id } } }),
  );
}

/** Saves a paid payment's receipt; false when it failed. */
export async function downloadPaymentReceipt(payment: AdminPayment, lang: 'es' | 'en' | 'gl') {
  const answer = await toResult(
    api.GET('/admin/payments/{payment_id}/receipt', {
      params: { path: { payment_id: payment.id }, query: { lang } },
      parseAs: 'blob',
    }),
  );
  if (!answer.ok || !answer.data) return false;
  saveBlob(answer.data as Blob, fileNameOf(undefined, `justificante-${payment.order}.pdf`));
  return true;
}
