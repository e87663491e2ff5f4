import { api, detailMessage } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema.gen';
import { fileNameOf, saveBlob } from '../../../lib/download';

export type Mandate = components['schemas']['Mandate'];
export type MandateCreate = components['schemas']['MandateCreate'];
export type DirectDebit = components['schemas']['DirectDebit'];
export type DirectDebitLine = components['schemas']['DirectDebitLine'];
export type DirectDebitCreate = components['schemas']['DirectDebitCreate'];

/** A refused change: the status, the server's code and its message in the caller's language. */
export interface Refusal {
  ok: false;
  status: number;
  code: string | null;
  message: string | null;
}
export type Outcome<T> = { ok: true; data: T } | Refusal;

async function outcome<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<Outcome<T>> {
  try {
    const { data, error, response } = await call;
    if (response.ok) return { ok: true, data: data as T };
    const code = (error as { code?: unknown } | undefined)?.code;
    return {
      ok: false,
      status: response.status,
      code: typeof code === 'string' ? code : null,
      message: detailMessage(error, '') || null,
    };
  } catch {
    return { ok: false, status: 0, code: null, message: null };
  }
}

async function listOf<T>(call: Promise<{ data?: T[] }>): Promise<T[]> {
  const { data } = await call;
  if (!data) throw new Error('list could not be loaded');
  return data;
}

/** GET /user/mandates: newest first, IBANs masked. */
export const fetchMandates = () => listOf<Mandate>(api.GET('/user/mandates'));

/** POST /user/mandates: the signed mandate, or why not (invalid_iban, iban_not_sepa…). */
export const signMandate = (body: MandateCreate) =>
  outcome<Mandate>(api.POST('/user/mandates', { body }));

/** DELETE /user/mandates/{id}. */
export const cancelMandate = (id: number) =>
  outcome<unknown>(api.DELETE('/user/mandates/{id}', { params: { path: { id } } }));

/** GET /user/mandates/{id}/document, saved as the PDF the server names; false when it failed. */
export async function downloadMandateDocument(mandate: Mandate): Promise<boolean> {
  try {
    const { data, response } = await api.GET('/user/mandates/{id}/document', {
      params: { path: { id: mandate.id } },
      parseAs: 'blob',
    });
    if (!data) return false;
    saveBlob(data as Blob, fileNameOf(response, `${mandate.reference}.pdf`));
    return true;
  } catch {
    return false;
  }
}

/** GET /user/direct-debits: the family's domiciled fees, with each line's collection. */
export const fetchDirectDebits = () => listOf<DirectDebit>(api.GET('/user/direct-debits'));

/** POST /user/direct-debits: a pending fee on a mandate. */
export const domicileFee = (body: DirectDebitCreate) =>
  outcome<DirectDebit>(api.POST('/user/direct-debits', { body }));

/** DELETE /user/direct-debits/{id}: the fee off its mandate (409 once a part is with the bank). */
export const undomicileFee = (id: number) =>
  outcome<unknown>(api.DELETE('/user/direct-debits/{id}', { params: { path: { id } } }));
