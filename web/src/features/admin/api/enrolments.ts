import { api } from '../../../lib/api/client';
import { toResult, type Schemas } from './result';

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
