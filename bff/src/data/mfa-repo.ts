import type { Database } from './database.js';

/**
 * Administrators' second factor: secrets (sealed), recovery codes (keyed hashes) and logins
 * waiting for their second step. Each "use" is one conditional UPDATE, so two requests at once
 * can never both use the same code, period or challenge.
 */
export function createMfaRepo(db: Database) {
  return {
    async secrets(userId: number) {
      return db
        .q()
        .selectFrom('users')
        .select(['mfa_secret', 'mfa_pending_secret', 'mfa_last_step'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },
    async setPending(userId: number, sealed: string): Promise<void> {
      await db
        .q()
        .updateTable('users')
        .set({ mfa_pending_secret: sealed })
        .where('id', '=', userId)
        .execute();
    },
    /** Turns it on: the pending secret becomes the secret, and every session of the account ends. */
    async enable(
      userId: number,
      sealed: string,
      step: number,
      codeHashes: string[],
    ): Promise<void> {
      await db
        .q()
        .updateTable('users')
        .set((eb) => ({
          mfa_secret: sealed,
          mfa_pending_secret: null,
          mfa_last_step: step,
          token_version: eb('token_version', '+', 1),
        }))
        .where('id', '=', userId)
        .execute();
      await db.q().deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
      await db
        .q()
        .insertInto('mfa_recovery_codes')
        .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash })))
        .execute();
    },
    /** Takes it off (a reset): secrets, codes and waiting logins go; sessions end. */
    async reset(userId: number): Promise<boolean> {
      const result = await db
        .q()
        .updateTable('users')
        .set((eb) => ({
          mfa_secret: null,
          mfa_pending_secret: null,
          mfa_last_step: null,
          token_version: eb('token_version', '+', 1),
        }))
        .where('id', '=', userId)
        .executeTakeFirst();
      await db.q().deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
      await db.q().deleteFrom('mfa_challenges').where('user_id', '=', userId).execute();
      return result.numUpdatedRows > 0n;
    },
    async recoveryCodesLeft(userId: number): Promise<number> {
      const row = await db
        .q()
        .selectFrom('mfa_recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async useRecoveryCode(userId: number, codeHash: string, at: string): Promise<boolean> {
      const result = await db
        .q()
        .updateTable('mfa_recovery_codes')
        .set({ used_at: at })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    /** Records a TOTP period as used; false when it (or a later one) was used already. */
    async advanceStep(userId: number, step: number): Promise<boolean> {
      const result = await db
        .q()
        .updateTable('users')
        .set({ mfa_last_step: step })
        .where('id', '=', userId)
        .where((eb) => eb.or([eb('mfa_last_step', 'is', null), eb('mfa_last_step', '<', step)]))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async createChallenge(tokenHash: string, userId: number, expiresAt: number): Promise<void> {
      await db
        .q()
        .insertInto('mfa_challenges')
        .values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt })
        .execute();
    },
    /** The challenge while it can still be answered: not used, not expired, under 5 wrong codes. */
    liveChallenge: (tokenHash: string, now: number, maxAttempts: number) =>
      db
        .q()
        .selectFrom('mfa_challenges')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .where('attempts', '<', maxAttempts)
        .executeTakeFirst(),
    async failChallenge(tokenHash: string): Promise<void> {
      await db
        .q()
        .updateTable('mfa_challenges')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('token_hash', '=', tokenHash)
        .execute();
    },
    async useChallenge(tokenHash: string, now: number): Promise<boolean> {
      const result = await db
        .q()
        .updateTable('mfa_challenges')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    /** Old challenges, whatever became of them, after a day. */
    async sweep(before: number): Promise<void> {
      await db.q().deleteFrom('mfa_challenges').where('expires_at', '<', before).execute();
    },
  };
}

export type MfaRepo = ReturnType<typeof createMfaRepo>;
