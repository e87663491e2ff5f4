import { sql } from 'kysely';
import { compiledStatement } from './compiled-query.js';
import type { Database } from './database.js';
import { userSearchKey } from './search-keys.js';
import type { Locale, UsersTable } from './schema.js';
import type { Selectable, Updateable } from 'kysely';

export type UserRow = Selectable<UsersTable>;

export type NewUser = Pick<UserRow, 'dni' | 'phone' | 'email' | 'password_hash' | 'role'> & {
  verified: boolean;
};

/** What every authenticated call needs to know about its account. */
export type SessionInfo = Pick<
  UserRow,
  'id' | 'dni' | 'role' | 'verified' | 'token_version' | 'locale'
> & { mfa_enabled: number | boolean; revoked: number | boolean };

/** Compiled once (compiled-query.ts): every authenticated call runs it. */
const sessionInfo = compiledStatement((db, p: { id: number; tokenId: string }) =>
  db
    .selectFrom('users')
    .select(['id', 'dni', 'role', 'verified', 'token_version', 'locale'])
    .select(sql<number>`case when mfa_secret is null then 0 else 1 end`.as('mfa_enabled'))
    .select(
      sql<number>`case when exists (select 1 from revoked_tokens where jti = ${p.tokenId}) then 1 else 0 end`.as(
        'revoked',
      ),
    )
    .where('id', '=', p.id),
);

export function createUsersRepo(db: Database) {
  const users = () => db.q().selectFrom('users').selectAll();
  return {
    findById: (id: number): Promise<UserRow | undefined> =>
      users().where('id', '=', id).executeTakeFirst(),
    /**
     * Read on every authenticated call, from the database: no process keeps a copy. Whether the
     * token `tokenId` was ended by a logout comes in the same statement (a primary-key probe of
     * revoked_tokens), so checking it costs no second round trip.
     */
    sessionInfo: (id: number, tokenId: string): Promise<SessionInfo | undefined> =>
      sessionInfo.first(db, { id, tokenId }),
    findByDni: (dni: string): Promise<UserRow | undefined> =>
      users().where('dni', '=', dni).executeTakeFirst(),
    /** The verified account whose confirmed address this is (at most one: a unique index). */
    findByConfirmedEmail: (email: string): Promise<UserRow | undefined> =>
      users()
        .where(sql`lower(email)`, '=', sql`lower(${email})`)
        .where('email_confirmed_at', 'is not', null)
        .where('verified', '=', 1)
        .executeTakeFirst(),
    /** Whether an account other than `id` holds this address confirmed. */
    async emailConfirmedElsewhere(email: string, id: number): Promise<boolean> {
      const row = await db
        .q()
        .selectFrom('users')
        .select('id')
        .where(sql`lower(email)`, '=', sql`lower(${email})`)
        .where('email_confirmed_at', 'is not', null)
        .where('id', '<>', id)
        .executeTakeFirst();
      return row !== undefined;
    },
    list: (): Promise<UserRow[]> =>
      users().orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),
    async count(): Promise<number> {
      const row = await db
        .q()
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async countAdmins(): Promise<number> {
      const row = await db
        .q()
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role', '=', 'admin')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async insert(user: NewUser): Promise<number> {
      const row = await db
        .q()
        .insertInto('users')
        .values({ ...user, verified: user.verified ? 1 : 0, search_key: userSearchKey(user) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /**
     * Updates the given columns; bumps token_version when asked (password/role change). A new
     * e-mail is unconfirmed unless `emailConfirmedAt` says when a code proved it; the same
     * address written again keeps its state.
     */
    async update(
      id: number,
      changes: Partial<Pick<UserRow, 'dni' | 'phone' | 'email' | 'password_hash' | 'role'>> & {
        verified?: boolean;
        endSessions?: boolean;
        emailConfirmedAt?: string;
      },
    ): Promise<void> {
      const { verified, endSessions, emailConfirmedAt, ...columns } = changes;
      const set: Updateable<UsersTable> = { ...columns };
      if (verified !== undefined) set.verified = verified ? 1 : 0;
      if (emailConfirmedAt !== undefined) set.email_confirmed_at = emailConfirmedAt;
      const emailState =
        emailConfirmedAt === undefined && 'email' in columns
          ? {
              email_confirmed_at: sql<
                string | null
              >`case when lower(email) = lower(${columns.email ?? null}) then email_confirmed_at else null end`,
            }
          : {};
      if (Object.keys(set).length === 0 && !endSessions) return;
      await db
        .q()
        .updateTable('users')
        .set((eb) => ({
          ...set,
          ...emailState,
          ...(endSessions ? { token_version: eb('token_version', '+', 1) } : {}),
          updated_at: new Date().toISOString(),
        }))
        .where('id', '=', id)
        .execute();
      if ('dni' in columns || 'phone' in columns || 'email' in columns) {
        const row = await db
          .q()
          .selectFrom('users')
          .select(['dni', 'phone', 'email'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (row) {
          await db
            .q()
            .updateTable('users')
            .set({ search_key: userSearchKey(row) })
            .where('id', '=', id)
            .execute();
        }
      }
    },
    /** The language the account last used; written only when it changed. */
    async setLocale(id: number, locale: Locale): Promise<void> {
      await db
        .q()
        .updateTable('users')
        .set({ locale })
        .where('id', '=', id)
        .where('locale', '<>', locale)
        .execute();
    },
    /** `now` (ms) is kept when reminders are turned on: unsubscribe links older than it do nothing. */
    async setRemindersOptOut(id: number, optOut: boolean, now: number): Promise<boolean> {
      const result = await db
        .q()
        .updateTable('users')
        .set({
          reminders_opt_out: optOut ? 1 : 0,
          ...(optOut ? {} : { reminders_on_at: now }),
          updated_at: new Date(now).toISOString(),
        })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    /** Turns reminders off from an e-mail link issued at `issuedAt`, unless they were turned on since. */
    async unsubscribe(id: number, issuedAt: number, now: number): Promise<boolean> {
      const result = await db
        .q()
        .updateTable('users')
        .set({ reminders_opt_out: 1, updated_at: new Date(now).toISOString() })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([eb('reminders_on_at', 'is', null), eb('reminders_on_at', '<=', issuedAt)]),
        )
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async delete(id: number): Promise<boolean> {
      const result = await db.q().deleteFrom('users').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
