import { sql } from 'kysely';
import type { Database } from '../database.js';
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

/** An entry as staff read it: one event, or repeated refusals counted together. */
export interface AuditListRow {
  id: number;
  at: string;
  actor_user_id: number | null;
  actor_dni: string | null;
  action: string;
  entity: string | null;
  entity_id: string | null;
  details: string | null;
  ip: string | null;
  repeats: number;
  last_at: string;
}

/** The audit log as staff read it: entries matching the search, in the asked order. */
export function createAuditList(db: Database) {
  return {
    page(request: ListRequest<AuditSort>): Promise<ListResult<AuditListRow>> {
      const q = request.q;
      const filtered = db
        .reads()
        .selectFrom('audit_log')
        .$if(q !== null, (query) =>
          query.where((eb) => eb.or(SEARCHED.map((column) => containsFolded(column, q ?? '')))),
        );
      const query = filtered
        .select([
          'id',
          'at',
          'actor_user_id',
          'actor_dni',
          'action',
          'entity',
          'entity_id',
          'details',
          'ip',
          'repeats',
        ])
        // rows older than migration 240 have no last_at: their one event is their last
        .select(sql<string>`coalesce(last_at, at)`.as('last_at'))
        .orderBy(orderTerm(AUDIT_ORDER[request.sort], request.order))
        .orderBy('id', request.order);
      return pageWithTotal(query, request.page, () =>
        filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      );
    },
  };
}
