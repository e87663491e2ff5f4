import { api } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema.gen';
import { fileNameOf, saveBlob } from '../../../lib/download';

export type ResidentPayment = components['schemas']['ResidentPayment'];
export type LatestPayment = components['schemas']['LatestPayment'];
type Lang = 'es' | 'en' | 'gl';

/** GET /user/payments/: completed payments of the people this account manages. */
export async function fetchMyPayments(): Promise<ResidentPayment[]> {
  const { data, error } = await api.GET('/user/payments/');
  if (error !== undefined || !data) throw new Error('payments could not be loaded');
  return data;
}

/** GET /user/payments/latest: null when the account never started a payment. */
export async function fetchLatestPayment(): Promise<LatestPayment | null> {
  const { data, response } = await api.GET('/user/payments/latest');
  if (response.status === 404) return null;
  if (!data) throw new Error('latest payment could not be loaded');
  return data;
}

/** Saves a paid payment's PDF receipt in the given language; false when it failed. */
export async function downloadReceipt(
  paymentId: number,
  order: string,
  lang: Lang,
): Promise<boolean> {
  try {
    const { data, response } = await api.GET('/user/payments/{payment_id}/receipt', {
      params: { path: { payment_id: paymentId }, query: { lang } },
      parseAs: 'blob',
    });
    if (!data) return false;
    saveBlob(data as Blob, fileNameOf(response, `justificante-${order}.pdf`));
    return true;
  } catch {
    return false;
  }
}
