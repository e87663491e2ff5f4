import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema.gen';
import type { Outcome } from './season-api';

export type ProvisionalList = components['schemas']['ProvisionalList'];
export type MyProvisional = components['schemas']['MyProvisional'];
export type Claim = components['schemas']['Claim'];
export type ExclusionReason = components['schemas']['ExclusionReason'];

export const claimKeys = {
  provisional: (activityId: number) => ['season', 'provisional', activityId] as const,
  mine: ['resident', 'claims'] as const,
};

/**
 * The provisional list of a lottery (public); only asked when its draw says it has one
 * (`provisional_list`); null should it be gone meanwhile (404, e.g. drawn since).
 */
async function getProvisional(activityId: number): Promise<ProvisionalList | null> {
  const { data, response } = await api.GET('/draws/{activity_id}/provisional', {
    params: { path: { activity_id: activityId } },
  });
  if (response.status === 404) return null;
  if (!response.ok || !data) throw new Error(`answered ${response.status}`);
  return data;
}

export const useProvisionalList = (activityId: number) =>
  useQuery({
    queryKey: claimKeys.provisional(activityId),
    queryFn: () => getProvisional(activityId),
  });

async function getMine(): Promise<MyProvisional[]> {
  const { data, response } = await api.GET('/user/claims');
  if (!response.ok || !data) throw new Error(`answered ${response.status}`);
  return data;
}

/** Where the account's applications stand on provisional lists; only asked when signed in. */
export const useMyProvisional = (enabled = true) =>
  useQuery({ queryKey: claimKeys.mine, queryFn: getMine, enabled });

/** "Reclamar": a claim about one's own excluded application. */
export async function sendClaim(applicationId: number, text: string): Promise<Outcome<Claim>> {
  try {
    const { data, error, response } = await api.POST('/user/applications/{id}/claim', {
      params: { path: { id: applicationId } },
      body: { text },
    });
    if (response.ok && data) return { ok: true, data };
    return { ok: false, status: response.status, error };
  } catch {
    return { ok: false, status: 0, error: undefined };
  }
}
