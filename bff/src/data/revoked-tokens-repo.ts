import type { Database } from './database.js';

/**
 * Tokens ended by a logout (migration 250), by their id, until they would have expired anyway.
 * Every authenticated call reads this table by its key, inside the session's own query
 * (users-repo's sessionInfo). Times are UTC ISO text.
 */
export function createRevokedTokensRepo(db: Database) {
  return {
    /** Ends the token `jti`; ending it twice is no error. */
    async revoke(jti: string, expiresAt: string): Promise<void> {
      await db
        .q()
        .insertInto('revoked_tokens')
        .values({ jti, expires_at: expiresAt })
        .onConflict((oc) => oc.column('jti').doNothing())
        .execute();
    },
    /** Forgets tokens that have expired by `now`: they answer 401 without being listed. */
    async prune(now: string): Promise<number> {
      const result = await db
        .q()
        .deleteFrom('revoked_tokens')
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type RevokedTokensRepo = ReturnType<typeof createRevokedTokensRepo>;
