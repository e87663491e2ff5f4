import type { AuditRepo } from '../../data/audit-repo.js';
import { maskDni } from '../../logger.js';

/** The admin doing a write, as recorded in the audit log. */
export interface Actor {
  id: number;
  dni: string;
  ip: string | null;
}

type Fields = Record<string, unknown>;

/** Only the fields whose values differ, as {before, after}. */
export function changedFields(before: object, after: object): { before: Fields; after: Fields } {
  const out = { before: {} as Fields, after: {} as Fields };
  const b = before as Fields;
  const a = after as Fields;
  for (const key of Object.keys(a)) {
    if (JSON.stringify(b[key]) !== JSON.stringify(a[key])) {
      out.before[key] = b[key];
      out.after[key] = a[key];
    }
  }
  return out;
}

/** A DNI as it may appear in audit details: masked like in the logs. */
export const auditDni = (dni: string | null) => (dni === null ? null : maskDni(dni));

export function recordAdminWrite(
  audit: AuditRepo,
  actor: Actor,
  action: string,
  entity: string,
  entityId: number | string | null,
  details: Fields | null,
): Promise<void> {
  return audit.record({
    actorUserId: actor.id,
    actorDni: actor.dni,
    action,
    entity,
    entityId,
    details,
    ip: actor.ip,
  });
}
