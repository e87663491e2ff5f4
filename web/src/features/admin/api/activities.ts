import { api } from '../../../lib/api/client';
import { toResult, type Schemas } from './result';
import { pageOf, pageParams, type ListQuery } from './server-list';

export type Activity = Schemas['Activity'];
export type ActivityWrite = Schemas['ActivityWrite'];

export function listActivities() {
  return toResult(api.GET('/admin/activities-crud/'));
}

export function createActivity(body: ActivityWrite) {
  return toResult(api.POST('/admin/activities-crud/', { body }));
}

export function updateActivity(id: number, body: ActivityWrite) {
  return toResult(api.PUT('/admin/activities-crud/{id}', { params: { path: { id } }, body }));
}

export function deleteActivity(id: number) {
  return toResult(api.DELETE('/admin/activities-crud/{id}', { params: { path: { id } } }));
}

/** One page of the list matching the search (and the count of all matches). */
export function listActivitiesPage(query: ListQuery, signal?: AbortSignal, pageSize?: number) {
  return pageOf<Activity>(
    api.GET('/admin/activities-crud/', { params: { query: pageParams(query, pageSize) }, signal }),
  );
}
