import { api } from '../../../lib/api/client';
import { toResult, type Schemas } from './result';

export type AdminPayment = Schemas['AdminPayment'];
export type PaymentStatus = Schemas['PaymentStatus'];

export const PAYMENT_STATUSES: readonly PaymentStatus[] = [
  'pending',
  'paid',
  'failed',
  'superseded',
  'duplicate',
];

export const PAYMENTS_PAGE_SIZE = 20;

export function listPayments(query: { status?: PaymentStatus; page: number }) {
  return toResult(
    api.GET('/admin/payments/', {
      params: { query: { ...query, page_size: PAYMENTS_PAGE_SIZE } },
    }),
  );
}

/** The filtered payments as .xlsx, as a Blob. */
export function exportPayments(query: { status?: PaymentStatus }) {
  return toResult(api.GET('/admin/payments/export', { params: { query }, parseAs: 'blob' }));
}
