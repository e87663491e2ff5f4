import type { MessageId } from '../../lib/forms/field-errors';
import type { Circumstance, CircumstanceRequest } from './api/circumstances-api';

/** Rules of asking for a reduction (a circumstance), as pure functions. */

/** The largest document the server takes (5 MB), checked in the browser before sending. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

/** What the file picker offers; the content decides (see documentTypeOf). */
export const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

export type DocumentType = 'application/pdf' | 'image/jpeg' | 'image/png';

/** A document's type by its first bytes (as the server tells it), whatever its name says. */
export function documentTypeOf(head: Uint8Array): DocumentType | null {
  const starts = (...bytes: number[]) => bytes.every((byte, i) => head[i] === byte);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf'; // %PDF-
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  return null;
}

/** The first bytes of a file (FileReader: every browser, and jsdom, has it). */
function headOf(file: Blob, length = 8): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('file could not be read'));
    reader.readAsArrayBuffer(file.slice(0, length));
  });
}

/**
 * The document's first problem, as the server would say it: none chosen, empty, over 5 MB, or
 * not a PDF, JPEG or PNG by its content (a renamed file is caught here already).
 */
export async function checkDocument(file: File | null | undefined): Promise<MessageId | null> {
  if (!file) return 'persons.reduction.error.documentRequired';
  if (file.size === 0) return 'persons.reduction.error.documentEmpty';
  if (file.size > MAX_DOCUMENT_BYTES) return 'persons.reduction.error.documentTooLarge';
  try {
    if (documentTypeOf(await headOf(file)) === null) return 'persons.reduction.error.documentType';
  } catch {
    return 'persons.reduction.error.documentUnreadable';
  }
  return null;
}

/** The circumstances a resident may ask for: never one by age, which applies by itself. */
export const requestable = (circumstances: readonly Circumstance[]): Circumstance[] =>
  circumstances.filter((circumstance) => circumstance.review !== 'age');

export type ReductionField = 'person' | 'people' | 'circumstance' | 'document' | 'declaration';

/** A household title (a large family's) is asked once for several people; others per person. */
export const isHousehold = (circumstance: Circumstance | null): boolean =>
  circumstance?.scope === 'household';

/** The form's rules but the document's content (checkDocument, asynchronous). */
export function checkReductionForm(values: {
  personId: number | null;
  circumstance: Circumstance | null;
  declarationAccepted: boolean;
  /** The people a household title is asked for (ticked in the form). */
  people?: readonly number[];
}): Partial<Record<ReductionField, MessageId>> {
  const errors: Partial<Record<ReductionField, MessageId>> = {};
  if (isHousehold(values.circumstance)) {
    if ((values.people ?? []).length === 0)
      errors.people = 'persons.reduction.error.peopleRequired';
  } else if (values.personId === null) errors.person = 'persons.reduction.error.personRequired';
  if (!values.circumstance) errors.circumstance = 'persons.reduction.error.circumstanceRequired';
  else if (values.circumstance.review === 'declaration' && !values.declarationAccepted)
    errors.declaration = 'persons.reduction.error.declarationRequired';
  return errors;
}

/**
 * A person's requests shown beside them: the newest of each circumstance (the list comes newest
 * first), so an old refusal does not hide the approval that followed it.
 */
export function latestRequestsOf(
  personActivityId: number,
  requests: readonly CircumstanceRequest[],
): CircumstanceRequest[] {
  const seen = new Set<number>();
  const latest: CircumstanceRequest[] = [];
  for (const request of requests) {
    if (request.person_activity_id !== personActivityId) continue;
    if (seen.has(request.circumstance_id)) continue;
    seen.add(request.circumstance_id);
    latest.push(request);
  }
  return latest;
}

/** "Solicitar una reducción" is offered to a person without an approval in force. */
export function hasApprovedReduction(
  personActivityId: number,
  requests: readonly CircumstanceRequest[],
): boolean {
  return requests.some(
    (request) => request.person_activity_id === personActivityId && request.status === 'approved',
  );
}

/** A request's state as a message: its id and the values it needs (dates as given, civil). */
export function statusMessage(
  request: Pick<CircumstanceRequest, 'status' | 'valid_until' | 'reason'>,
): {
  id: MessageId;
  date?: string;
  reason?: string;
} {
  switch (request.status) {
    case 'pending':
      return { id: 'persons.reduction.status.pending' };
    case 'approved':
      return request.valid_until
        ? { id: 'persons.reduction.status.approvedUntil', date: request.valid_until }
        : { id: 'persons.reduction.status.approved' };
    case 'refused':
      return request.reason
        ? { id: 'persons.reduction.status.refusedBecause', reason: request.reason }
        : { id: 'persons.reduction.status.refused' };
    case 'expired':
      return request.valid_until
        ? { id: 'persons.reduction.status.expiredOn', date: request.valid_until }
        : { id: 'persons.reduction.status.expired' };
    case 'withdrawn':
      return { id: 'persons.reduction.status.withdrawn' };
  }
}
