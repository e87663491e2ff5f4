import { compiledStatement } from './compiled-query.js';
import type { Database } from './database.js';
import type { IdempotencyKeysTable } from './schema.js';

export type IdempotencyKeyRow = IdempotencyKeysTable;

// Every keyed application and checkout runs these: compiled once (compiled-query.ts).
const claim = compiledStatement(
  (
    db,
    p: Pick<IdempotencyKeyRow, 'user_id' | 'key' | 'request_hash' | 'created_at'> & {
      expiredBefore: string;
    },
  ) =>
    db
      .insertInto('idempotency_keys')
      .values({
        user_id: p.user_id,
        key: p.key,
        request_hash: p.request_hash,
        created_at: p.created_at,
        status: 0,
        response: '',
      })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'key'])
          .doUpdateSet((eb) => ({
            request_hash: eb.ref('excluded.request_hash'),
            status: 0,
            response: '',
            created_at: eb.ref('excluded.created_at'),
          }))
          .where('idempotency_keys.created_at', '<', p.expiredBefore),
      )
      .returning('user_id'),
);
const claimed = compiledStatement((db, p: { user_id: number; key: string }) =>
  db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('user_id', '=', p.user_id)
    .where('key', '=', p.key),
);
const settle = compiledStatement(
  (db, p: { userId: number; key: string; status: number; response: string }) =>
    db
      .updateTable('idempotency_keys')
      .set({ status: p.status, response: p.response })
      .where('user_id', '=', p.userId)
      .where('key', '=', p.key),
);

/**
 * Residents' idempotency keys (migration 390): one row per account and key, with the hash of the
 * body it was first sent with and the answer given. Called inside the transaction that does the
 * work, so the key and the work are kept or lost together. Times are UTC ISO text.
 */
export function createIdempotencyKeysRepo(db: Database) {
  return {
    /**
     * Takes the key for this call (a row with no answer yet, `settle` gives it one), or answers
     * the live row already there. A row older than `expiredBefore` is taken over as if absent. On
     * PostgreSQL, while another transaction holds the same key uncommitted this waits for it
     * (the primary key), then sees its row, or takes the key if that transaction rolled back.
     */
    async claim(
      row: Pick<IdempotencyKeyRow, 'user_id' | 'key' | 'request_hash' | 'created_at'>,
      expiredBefore: string,
    ): Promise<IdempotencyKeyRow | null> {
      const taken = await claim.first(db, { ...row, expiredBefore });
      if (taken) return null;
      const existing = await claimed.first(db, { user_id: row.user_id, key: row.key });
      if (!existing) throw new Error('idempotency key neither taken nor found');
      return existing;
    },
    /** The answer to give again for this key. */
    async settle(userId: number, key: string, status: number, response: string): Promise<void> {
      await settle.run(db, { userId, key, status, response });
    },
    /** Forgets keys made before `before`: answers how many. */
    async prune(before: string): Promise<number> {
      const result = await db
        .q()
        .deleteFrom('idempotency_keys')
        .where('created_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type IdempotencyKeysRepo = ReturnType<typeof createIdempotencyKeysRepo>;
