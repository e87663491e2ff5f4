import { api } from '../../../lib/api/client';
import { toResult, type Schemas } from './result';
import { pageOf, pageParams, type ListQuery } from './server-list';

export type Enrolment = Schemas['Enrolment'];
export type EnrolmentWrite = Schemas['EnrolmentWrite'];

export function listEnrolments() {
  return toResult(api.GET('/admin/person-activities/'));
}

export function createEnrolment(body: EnrolmentWrite) {
  return toResult(api.POST('/admin/person-activities/', { body }));
}

export function updateEnrolment(id: number, body: EnrolmentWrite) {
  return toResult(api.PUT('/admin/person-activities/{id}', { params: { path: { id } }, body }));
}

export function deleteEnrolment(id: number) {
  return toResult(api.DELETE('/admin/person-activities/{id}', { params: { path: { id } } }));
}

/** One page of the list matching the search (and the count of all matches). */
export function listEnrolmentsPage(query: ListQuery, signal?: AbortSignal, pageSize?: number) {
  return pageOf<Enrolment>(
    api.GET('/admin/person-activities/', {
      params: { query: pageParams(query, pageSize) },
      signal,
    }),
  );
}

/** The enrolment with this DNI, if any (the user form's person when editing an account). */
export async function findEnrolmentByDni(dni: string): Promise<Enrolment | null> {
  try {
    const { rows } = await listEnrolmentsPage({ page: 1, q: dni });
    return rows.find((row) => row.dni === dni) ?? null;
  } catch {
    return null;
  }
}
