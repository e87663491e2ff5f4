import { createHash } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import { addressKey } from '../lib/client-address.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { compiledStatement } from './compiled-query.js';
import type { Database } from './database.js';
import type { AuditLogTable } from './schema.js';

/** Repeated refusals of one kind are counted in one row per window of this length. */
export const AUDIT_REPEAT_WINDOW_MS = 15 * 60_000;
/** Rows deleted per statement when the retention job prunes, so the writer is never held long. */
export const AUDIT_PRUNE_BATCH = 1000;

export interface AuditEvent {
  actorUserId: number | null;
  /** Stored masked (****5678Z). */
  actorDni: string | null;
  action: string;
  entity?: string | null;
  entityId?: string | number | null;
  details?: Record<string, unknown> | null;
  ip?: string | null;
  /**
   * A refusal an outsider can repeat at volume: the same action with the same details from one
   * address (or for one account) within a 15-minute window adds to one row's `repeats` instead
   * of writing a new row.
   */
  repeat?: 'address' | 'account';
}

export type AuditRow = Selectable<AuditLogTable>;

const maskDni = (dni: string | null) => (dni ? `****${dni.slice(-5)}` : null);

/** The row a repeated event counts in: its kind, who or where from, and its window. */
function repeatKey(event: AuditEvent, nowMs: number): string {
  const scope =
    event.repeat === 'address'
      ? `address:${addressKey(event.ip ?? null) ?? 'unknown'}`
      : `account:${maskDni(event.actorDni) ?? event.actorUserId ?? 'unknown'}`;
  const window = Math.floor(nowMs / AUDIT_REPEAT_WINDOW_MS);
  const kind = JSON.stringify([event.action, scope, event.details ?? null, window]);
  // hashed: the key is an index entry, not a second copy of an address or a DNI
  return createHash('sha256').update(kind).digest('base64url');
}

/** An audit row as written (`record`, or a write that stores it with its subject). */
export type AuditInsert = Omit<AuditRow, 'id' | 'repeats'>;

/**
 * One event, or one more repeat of it: compiled once (compiled-query.ts), as every application,
 * checkout and payment writes one. A field that differed between the repeats is blanked: the row
 * never claims one DNI, account or address for events that had several.
 */
export const insertEvent = compiledStatement((db, p: AuditInsert) => {
  const same = (column: 'actor_user_id' | 'actor_dni' | 'entity_id' | 'ip') =>
    sql<never>`CASE WHEN audit_log.${sql.ref(column)} = excluded.${sql.ref(column)} THEN audit_log.${sql.ref(column)} ELSE NULL END`;
  return db
    .insertInto('audit_log')
    .values({
      at: p.at,
      last_at: p.last_at,
      actor_user_id: p.actor_user_id,
      actor_dni: p.actor_dni,
      action: p.action,
      entity: p.entity,
      entity_id: p.entity_id,
      details: p.details,
      ip: p.ip,
      repeat_key: p.repeat_key,
    })
    .onConflict((oc) =>
      oc
        .column('repeat_key')
        .where('repeat_key', 'is not', null)
        .doUpdateSet({
          repeats: sql<number>`audit_log.repeats + 1`,
          last_at: sql<string>`CASE WHEN excluded.last_at > audit_log.last_at THEN excluded.last_at ELSE audit_log.last_at END`,
          actor_user_id: same('actor_user_id'),
          actor_dni: same('actor_dni'),
          entity_id: same('entity_id'),
          ip: same('ip'),
        }),
    );
});

/** The row an event is stored as at `now`: the DNI masked, the details as JSON text. */
function rowOf(event: AuditEvent, now: Date): AuditInsert {
  const at = now.toISOString();
  return {
    at,
    last_at: at,
    actor_user_id: event.actorUserId,
    actor_dni: maskDni(event.actorDni),
    action: event.action,
    entity: event.entity ?? null,
    entity_id:
      event.entityId === undefined || event.entityId === null ? null : String(event.entityId),
    details: event.details ? JSON.stringify(event.details) : null,
    ip: event.ip ?? null,
    repeat_key: event.repeat ? repeatKey(event, now.getTime()) : null,
  };
}

export function createAuditRepo(db: Database, clock: Clock = systemClock) {
  return {
    async record(event: AuditEvent): Promise<void> {
      await insertEvent.run(db, rowOf(event, clock.now()));
    },

    /**
     * The row `record` would write for this event now, for a repository that writes it in the
     * same statement as the row it is about (applications-repo `insertNew`).
     */
    rowOf: (event: AuditEvent): AuditInsert => rowOf(event, clock.now()),

    /**
     * Deletes rows whose first event is older than `before`, except accounting ones (an action
     * starting with one of `accountingPrefixes`), which go only once older than
     * `accountingBefore` (never later than `before`); in batches, each its own statement, so a
     * big log never holds the writer for long. Answers how many went.
     */
    async prune(cut: {
      before: string;
      accountingBefore: string;
      accountingPrefixes: readonly string[];
    }): Promise<number> {
      let deleted = 0;
      for (;;) {
        // `at < before` first, so both engines read the candidates from the index on `at`
        const batch = db
          .q()
          .selectFrom('audit_log')
          .select('id')
          .where('at', '<', cut.before)
          .where((eb) =>
            eb.or([
              eb('at', '<', cut.accountingBefore),
              eb.and(
                cut.accountingPrefixes.map((prefix) =>
                  eb(eb.fn('substr', ['action', eb.lit(1), eb.lit(prefix.length)]), '!=', prefix),
                ),
              ),
            ]),
          )
          .limit(AUDIT_PRUNE_BATCH);
        const result = await db
          .q()
          .deleteFrom('audit_log')
          .where('id', 'in', batch)
          .executeTakeFirst();
        const n = Number(result.numDeletedRows);
        deleted += n;
        if (n < AUDIT_PRUNE_BATCH) return deleted;
      }
    },
  };
}

export type AuditRepo = ReturnType<typeof createAuditRepo>;
