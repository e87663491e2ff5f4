import { api } from '../../../lib/api/client';
import { toResult, type Schemas } from './result';

export type ActivityClaims = Schemas['ActivityClaims'];
export type AdminClaim = Schemas['AdminClaim'];

/** The claims against an activity's provisional list, open first. */
export function listActivityClaims(activityId: number) {
  return toResult(
    api.GET('/admin/activities/{id}/claims', { params: { path: { id: activityId } } }),
  );
}

/** Admit the application to the list, or keep it excluded, with the reply the resident reads. */
export function resolveClaim(id: number, decision: 'admit' | 'keep', reply: string) {
  return toResult(
    api.POST('/admin/claims/{id}/resolve', { params: { path: { id } }, body: { decision, reply } }),
  );
}
