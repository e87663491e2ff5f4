import type { Database } from './database.js';

import type { Selectable } from 'kysely';
import type { AuditLogTable } from './schema.js';

export interface AuditEvent {
  actorUserId: number | null;
  /** Stored masked (****5678Z). */
  actorDni: string | null;
  action: string;
  entity?: string | null;
  entityId?: string | number | null;
  details?: Record<string, unknown> | null;
  ip?: string | null;
}

export type AuditRow = Selectable<AuditLogTable>;

export function createAuditRepo(db: Database) {
  return {
    async record(event: AuditEvent): Promise<void> {
      await db
        .q()
        .insertInto('audit_log')
        .values({
          actor_user_id: event.actorUserId,
          actor_dni: event.actorDni ? `****${event.actorDni.slice(-5)}` : null,
          action: event.action,
          entity: event.entity ?? null,
          entity_id:
            event.entityId === undefined || event.entityId === null ? null : String(event.entityId),
          details: event.details ? JSON.stringify(event.details) : null,
          ip: event.ip ?? null,
        })
        .execute();
    },
  };
}

export type AuditRepo = ReturnType<typeof createAuditRepo>;
