import type { ExpressionBuilder } from 'kysely';
import type { Database } from './database.js';
import type { OneTimeCodesTable, Tables } from './schema.js';
import type { Selectable } from 'kysely';

export type CodePurpose = OneTimeCodesTable['purpose'];

export type OneTimeCodeRow = Selectable<OneTimeCodesTable>;

export type NewOneTimeCode = Omit<OneTimeCodeRow, 'id' | 'attempts' | 'consumed_at'>;

/** A null user_id (registration, before the account exists) matches null, as SQL's = would not. */
const sameUser = (userId: number | null) => (eb: ExpressionBuilder<Tables, 'one_time_codes'>) =>
  userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', userId);

/** Stored one-time codes (hashes only). Times are ms since the epoch. */
export function createOneTimeCodesRepo(db: Database) {
  return {
    /** Stores a new code and retires every earlier unused one for the same purpose, subject and user. */
    async replace(code: NewOneTimeCode): Promise<number> {
      return db.transaction(async () => {
        await db
          .q()
          .updateTable('one_time_codes')
          .set({ consumed_at: code.created_at })
          .where('purpose', '=', code.purpose)
          .where('subject', '=', code.subject)
          .where(sameUser(code.user_id))
          .where('consumed_at', 'is', null)
          .execute();
        const row = await db
          .q()
          .insertInto('one_time_codes')
          .values(code)
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
    },
    /**
     * Counts one try on the target's live code and answers it, in one statement: of tries sent
     * at the same moment, only the first `maxAttempts` get the row. Undefined when there is no
     * live code or its tries are spent.
     */
    async claimAttempt(
      purpose: CodePurpose,
      subject: string,
      userId: number | null,
      now: number,
      maxAttempts: number,
    ): Promise<OneTimeCodeRow | undefined> {
      const live = await db
        .q()
        .selectFrom('one_time_codes')
        .select('id')
        .where('purpose', '=', purpose)
        .where('subject', '=', subject)
        .where(sameUser(userId))
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!live) return undefined;
      return db
        .q()
        .updateTable('one_time_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', live.id)
        .where('consumed_at', 'is', null)
        .where('attempts', '<', maxAttempts)
        .returningAll()
        .executeTakeFirst();
    },
    /** True only for the one caller that consumed it (single use under concurrency). */
    async consume(id: number, now: number): Promise<boolean> {
      const result = await db
        .q()
        .updateTable('one_time_codes')
        .set({ consumed_at: now })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
  };
}

export type OneTimeCodesRepo = ReturnType<typeof createOneTimeCodesRepo>;
