import type { Database } from './database.js';
import type { IdempotencyKeysTable } from './schema.js';

export type IdempotencyKeyRow = IdempotencyKeysTable;

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
      const taken = await db
        .q()
        .insertInto('idempotency_keys')
        .values({ ...row, status: 0, response: '' })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'key'])
            .doUpdateSet((eb) => ({
              request_hash: eb.ref('excluded.request_hash'),
              status: 0,
              response: '',
              created_at: eb.ref('excluded.created_at'),
            }))
            .where('idempotency_keys.created_at', '<', expiredBefore),
        )
        .returning('user_id')
        .executeTakeFirst();
      if (taken) return null;
      const existing = await db
        .q()
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('user_id', '=', row.user_id)
        .where('key', '=', row.key)
        .executeTakeFirst();
      if (!existing) throw new Error('idempotency key neither taken nor found');
      return existing;
    },
    /** The answer to give again for this key. */
    async settle(userId: number, key: string, status: number, response: string): Promise<void> {
      await db
        .q()
        .updateTable('idempotency_keys')
        .set({ status, response })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .execute();
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
