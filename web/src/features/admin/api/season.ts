import { api } from '../../../lib/api/client';
import { toResult, type Schemas } from './result';
import { pageOf, pageParams, type ListQuery } from './server-list';

export type SeasonActivity = Schemas['ApplicationSummary'];
export type AdminApplication = Schemas['AdminApplication'];

/** Every activity with places and its applications counted by status. */
export function listSeasonActivities() {
  return toResult(api.GET('/admin/season'));
}

/** One page of an activity's applications in waitlist order (searched by code, name or DNI). */
export function listApplicationsPage(activityId: number, query: ListQuery, signal?: AbortSignal) {
  return pageOf<AdminApplication>(
    api.GET('/admin/activities/{id}/applications', {
      params: { path: { id: activityId }, query: pageParams(query) },
      signal,
    }),
  );
}

/** "Realizar sorteo": the draw as published. */
export function runDraw(activityId: number) {
  return toResult(
    api.POST('/admin/activities/{id}/draw', { params: { path: { id: activityId } } }),
  );
}

/** The draw as the public page shows it (its public value's source and value). */
export function getDraw(activityId: number) {
  return toResult(
    api.GET('/draws/{activity_id}', { params: { path: { activity_id: activityId } } }),
  );
}

/** Enters a lottery's public value after the close (for drand, the server reads the round). */
export function enterPublicValue(activityId: number, value: string | null) {
  return toResult(
    api.POST('/admin/activities/{id}/public-value', {
      params: { path: { id: activityId } },
      body: value === null ? {} : { value },
    }),
  );
}

/** Withdraws an application on the resident's behalf (an offered place passes on). */
export function withdrawForResident(id: number) {
  return toResult(api.POST('/admin/applications/{id}/withdraw', { params: { path: { id } } }));
}

/** The activity's applications as .xlsx, as a Blob. */
export function exportApplications(activityId: number) {
  return toResult(
    api.GET('/admin/activities/{id}/applications/export', {
      params: { path: { id: activityId } },
      parseAs: 'blob',
    }),
  );
}

export type DuplicatePair = Schemas['DuplicatePair'];
export type PersonMergeResult = Schemas['PersonMergeResult'];

/** Pairs of the activity's applicants who are likely one person, oldest application first. */
export function listLikelyDuplicates(activityId: number) {
  return toResult(
    api.GET('/admin/activities/{id}/duplicates', { params: { path: { id: activityId } } }),
  );
}

/** Merges the record `mergeId` into `keepId` (the newer of two live applications withdrawn). */
export function mergePersons(keepId: number, mergeId: number) {
  return toResult(
    api.POST('/admin/persons/merge', { body: { keep_id: keepId, merge_id: mergeId } }),
  );
}

/** Marks two records staff checked as two persons: the pair leaves the likely duplicates. */
export function markPersonsDifferent(firstId: number, secondId: number) {
  return toResult(
    api.POST('/admin/persons/different', { body: { first_id: firstId, second_id: secondId } }),
  );
}

export type StaffApplicationAnswer = Schemas['Application'] | Schemas['JointApplication'];

/** Applies at the desk or on the phone for people on record: one, or 2–4 together (one code). */
export function applyForResident(activityId: number, personIds: readonly number[]) {
  return toResult(
    api.POST('/admin/activities/{id}/applications', {
      params: { path: { id: activityId } },
      body:
        personIds.length === 1
          ? { person_activity_id: personIds[0] as number }
          : { person_activity_ids: [...personIds] },
    }),
  );
}

/** Offers a waitlisted person a place by staff's decision (audited; beyond the places if full). */
export function offerPlaceByStaff(id: number) {
  return toResult(api.POST('/admin/applications/{id}/offer', { params: { path: { id } } }));
}
