import type { Db } from './db.js';

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

export interface AuditRow {
  id: number;
  at: string;
  actor_user_id: number | null;
  actor_dni: string | null;
  action: string;
  entity: string | null;
  entity_id: string | null;
  details: string | null;
  ip: string | null;
}

export function createAuditRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO audit_log (actor_user_id, actor_dni, action, entity, entity_id, details, ip)
     VALUES (@actor_user_id, @actor_dni, @action, @entity, @entity_id, @details, @ip)`,
  );
  const page = db.prepare<[number, number], AuditRow>(
    'SELECT * FROM audit_log ORDER BY id DESC LIMIT ? OFFSET ?',
  );
  const total = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM audit_log');
  return {
    record(event: AuditEvent): void {
      insert.run({
        actor_user_id: event.actorUserId,
        actor_dni: event.actorDni ? `****${event.actorDni.slice(-5)}` : null,
        action: event.action,
        entity: event.entity ?? null,
        entity_id:
          event.entityId === undefined || event.entityId === null ? null : String(event.entityId),
        details: event.details ? JSON.stringify(event.details) : null,
        ip: event.ip ?? null,
      });
    },
    page(pageNumber: number, pageSize: number): { items: AuditRow[]; total: number } {
      return { items: page.all(pageSize, (pageNumber - 1) * pageSize), total: total.get()?.n ?? 0 };
    },
  };
}

export type AuditRepo = ReturnType<typeof createAuditRepo>;
