import type { Selectable } from 'kysely';
import type { Database } from '../database.js';
import type { AuditLogTable } from '../schema.js';
import {
  containsFolded,
  orderTerm,
  pageWithTotal,
  type ListRequest,
  type ListResult,
} from './query.js';

export type AuditSort = 'at' | 'action' | 'entity';
const AUDIT_ORDER: Record<AuditSort, string> = { at: 'id', action: 'action', entity: 'entity?' };

/** The columns the audit search looks in. */
const SEARCHED = ['lower(action)', 'lower(entity)', 'lower(entity_id)', 'lower(actor_dni)', 'ip'];

/** The audit log as staff read it: entries matching the search, in the asked order. */
export function createAuditList(db: Database) {
  return {
    page(request: ListRequest<AuditSort>): Promise<ListResult<Selectable<AuditLogTable>>> {
      const q = request.q;
      const filtered = db
        .reads()
        .selectFrom('audit_log')
        .$if(q !== null, (query) =>
          query.where((eb) => eb.or(SEARCHED.map((column) => containsFolded(column, q ?? '')))),
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
