import { api } from '../../../lib/api/client';
import { toResult, type Schemas } from './result';
import { pageOf, pageParams, type ListQuery } from './server-list';

export type AdminCircumstance = Schemas['AdminCircumstance'];
export type CircumstanceWrite = Schemas['CircumstanceWrite'];
export type CircumstanceImportResult = Schemas['CircumstanceImportResult'];
export type CircumstanceRequest = Schemas['AdminCircumstanceRequest'];
export type RequestStatus = Schemas['CircumstanceRequestStatus'];
export type RefusalReasonCode = NonNullable<Schemas['CircumstanceRefusal']['reason_code']>;

export const REQUEST_STATUSES: readonly RequestStatus[] = [
  'pending',
  'approved',
  'refused',
  'expired',
  'withdrawn',
];

/** The usual reasons of a refusal, which the resident reads in their own language. */
export const REFUSAL_REASONS: readonly RefusalReasonCode[] = [
  'unreadable',
  'expired',
  'not_entitled',
  'other_person',
  'incomplete',
];

export function listCircumstances() {
  return toResult(api.GET('/admin/circumstances'));
}

export function createCircumstance(body: CircumstanceWrite) {
  return toResult(api.POST('/admin/circumstances', { body }));
}

export function updateCircumstance(id: number, body: CircumstanceWrite) {
  return toResult(api.PUT('/admin/circumstances/{id}', { params: { path: { id } }, body }));
}

export function deleteCircumstance(id: number) {
  return toResult(api.DELETE('/admin/circumstances/{id}', { params: { path: { id } } }));
}

/** Every DNI of the .xlsx approved for one circumstance until `validUntil`. */
export function importCircumstanceHolders(id: number, file: File, validUntil: string) {
  return toResult(
    api.POST('/admin/circumstances/{id}/import', {
      params: { path: { id } },
      // the generated type says string (format: binary); the body really is the File
      body: { file: file as unknown as string, valid_until: validUntil },
      bodySerializer: () => {
        const form = new FormData();
        form.append('file', file, file.name);
        form.append('valid_until', validUntil);
        return form;
      },
    }),
  );
}

/** One page of the review queue (or its history) with this status, oldest first. */
export function listRequestsPage(
  status: RequestStatus | '',
  query: ListQuery,
  signal?: AbortSignal,
) {
  return pageOf<CircumstanceRequest>(
    api.GET('/admin/circumstance-requests', {
      params: { query: { ...pageParams(query), ...(status ? { status } : {}) } },
      signal,
    }),
  );
}

/** A request's document as a Blob (the staff token goes with it, as with every call). */
export function getRequestDocument(id: number, signal?: AbortSignal) {
  return toResult(
    api.GET('/admin/circumstance-requests/{id}/document', {
      params: { path: { id } },
      parseAs: 'blob',
      signal,
    }),
  );
}

export function approveRequest(id: number, validUntil: string) {
  return toResult(
    api.POST('/admin/circumstance-requests/{id}/approve', {
      params: { path: { id } },
      body: { valid_until: validUntil },
    }),
  );
}

export function refuseRequest(
  id: number,
  body: { reason_code: RefusalReasonCode | null; reason: string | null },
) {
  return toResult(
    api.POST('/admin/circumstance-requests/{id}/refuse', { params: { path: { id } }, body }),
  );
}

export function withdrawApproval(id: number) {
  return toResult(
    api.POST('/admin/circumstance-requests/{id}/withdraw', { params: { path: { id } } }),
  );
}

/** Adds a person of the requesting account to a household request. */
export function addHouseholdPerson(id: number, personActivityId: number) {
  return toResult(
    api.POST('/admin/circumstance-requests/{id}/people', {
      params: { path: { id } },
      body: { person_activity_id: personActivityId },
    }),
  );
}

/** Removes a person from a household request (its approval no longer covers them). */
export function removeHouseholdPerson(id: number, personActivityId: number) {
  return toResult(
    api.DELETE('/admin/circumstance-requests/{id}/people/{person_activity_id}', {
      params: { path: { id, person_activity_id: personActivityId } },
    }),
  );
}

/** A circumstance seen at the counter, approved for the person until a date. */
export function recordCircumstance(personId: number, circumstanceId: number, validUntil: string) {
  return toResult(
    api.POST('/admin/persons/{id}/circumstances', {
      params: { path: { id: personId } },
      body: { circumstance_id: circumstanceId, valid_until: validUntil },
    }),
  );
}
