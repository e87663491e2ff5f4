import { api } from '../../../lib/api/client';
import type { Schemas } from './result';
import { pageParams, type ListPage, type ListQuery } from './server-list';

export type AuditEntry = Schemas['AuditEntry'];

/** One page of the audit log matching the search, newest first, and the count of all matches. */
export async function listAuditPage(
  query: ListQuery,
  signal?: AbortSignal,
): Promise<ListPage<AuditEntry>> {
  const { data, response } = await api.GET('/admin/audit/', {
    params: { query: pageParams(query) },
    signal,
  });
  if (!response.ok || !data) throw new Error(`list answered ${response.status}`);
  return { rows: data.items, total: data.total };
}
