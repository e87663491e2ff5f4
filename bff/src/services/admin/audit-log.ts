import type { AuditSort, ListRequest, StaffLists } from '../../data/lists/index.js';

/** The audit log as staff read it: entries with their details as an object. */
export function createAuditLogService(deps: { lists: Pick<StaffLists, 'audit'> }) {
  return {
    async page(request: ListRequest<AuditSort>) {
      const { rows, total } = await deps.lists.audit.page(request);
      return { rows: rows.map((row) => ({ ...row, details: parseDetails(row.details) })), total };
    },
  };
}

/** Details are stored as JSON text; an entry written by hand or an older version may not be. */
function parseDetails(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { value };
  } catch {
    return { text };
  }
}
