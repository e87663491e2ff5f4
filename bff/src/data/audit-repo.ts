import type { Database } from './database.js';
import {
  containsFolded,
  orderTerm,
  pageWithTotal,
  type ListRequest,
  type ListResult,
} from './list-query.js';

export type AuditSort = 'at' | 'action' | 'entity';
const AUDIT_ORDER: Record<AuditSort, string> = { at: 'id', action: 'action', entity: 'entity?' };
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
    /** A page of entries matching the search, in the asked order, and how many match. */
    async page(request: ListRequest<AuditSort>): Promise<ListResult<AuditRow>> {
      const q = request.q;
      const filtered = db
        .reads()
        .selectFrom('audit_log')
        .$if(q !== null, (query) =>
          query.where((eb) =>
            eb.or(
              ['lower(action)', 'lower(entity)', 'lower(entity_id)', 'lower(actor_dni)', 'ip'].map(
                (column) => containsFolded(column, q ?? ''),
              ),
            ),
          ),
        );
      const query = filtered
        .selectAll()
        .orderBy(orderTerm(AUDIT_ORDER[request.sort], request.order))
        .orderBy('id', request.order);
      return pageWithTotal(query, request.page, () =>
        filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      );
    },
  };
}

export type AuditRepo = ReturnType<typeof createAuditRepo>;
