import { api } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema.gen';
import { fileNameOf, saveBlob } from '../../../lib/download';

export type Circumstance = components['schemas']['Circumstance'];
export type CircumstanceRequest = components['schemas']['CircumstanceRequest'];
export type CircumstanceRequestCreated = components['schemas']['CircumstanceRequestCreated'];

/** A call's answer, or its status and the server's error body (status 0: no answer at all). */
export type CallResult<T> = { ok: true; data: T } | { ok: false; status: number; error: unknown };

/** GET /circumstances: the council's circumstances, in the caller's language. */
export async function fetchCircumstances(): Promise<Circumstance[]> {
  const { data } = await api.GET('/circumstances');
  if (!data) throw new Error('circumstances could not be loaded');
  return data;
}

/** GET /user/circumstances: this account's requests, newest first. */
export async function fetchMyCircumstances(): Promise<CircumstanceRequest[]> {
  const { data } = await api.GET('/user/circumstances');
  if (!data) throw new Error('requests could not be loaded');
  return data;
}

/** The multipart body: `circumstance_id` and, where staff review a proof, `document`. */
export function circumstanceFormData(circumstanceId: number, document: File | null): FormData {
  const form = new FormData();
  form.append('circumstance_id', String(circumstanceId));
  if (document) form.append('document', document, document.name);
  return form;
}

/** POST /user/persons/{id}/circumstances (multipart, like the admin's spreadsheet upload). */
export async function requestCircumstance(
  personActivityId: number,
  circumstanceId: number,
  document: File | null,
): Promise<CallResult<CircumstanceRequestCreated>> {
  try {
    const { data, error, response } = await api.POST(
      '/user/persons/{person_activity_id}/circumstances',
      {
        params: { path: { person_activity_id: personActivityId } },
        // the generated type says string (format: binary); the body really is the FormData
        body: { circumstance_id: String(circumstanceId) },
        bodySerializer: () => circumstanceFormData(circumstanceId, document),
      },
    );
    if (response.ok && data) return { ok: true, data };
    return { ok: false, status: response.status, error };
  } catch {
    return { ok: false, status: 0, error: undefined };
  }
}

/**
 * POST /user/circumstances: a household title (Circumstance.scope household) for several of the
 * account's people, one document for all of them.
 */
export async function requestHouseholdCircumstance(
  personActivityIds: readonly number[],
  circumstanceId: number,
  document: File | null,
): Promise<CallResult<CircumstanceRequestCreated>> {
  const ids = personActivityIds.join(',');
  try {
    const { data, error, response } = await api.POST('/user/circumstances', {
      body: { circumstance_id: String(circumstanceId), person_activity_ids: ids },
      bodySerializer: () => {
        const form = circumstanceFormData(circumstanceId, document);
        form.append('person_activity_ids', ids);
        return form;
      },
    });
    if (response.ok && data) return { ok: true, data };
    return { ok: false, status: response.status, error };
  } catch {
    return { ok: false, status: 0, error: undefined };
  }
}

const EXTENSION: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/** GET /user/circumstances/{id}/document, saved as the file the server names; false on failure. */
export async function downloadMyDocument(id: number): Promise<boolean> {
  try {
    const { data, response } = await api.GET('/user/circumstances/{id}/document', {
      params: { path: { id } },
      parseAs: 'blob',
    });
    if (!data) return false;
    const blob = data as Blob;
    const extension = EXTENSION[blob.type.split(';')[0] ?? ''] ?? 'pdf';
    saveBlob(blob, fileNameOf(response, `documento-${id}.${extension}`));
    return true;
  } catch {
    return false;
  }
}
