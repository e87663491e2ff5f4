import type { Db } from './db.js';
import { readCacheFor } from './read-cache.js';

export interface UserRow {
  id: number;
  dni: string;
  phone: string;
  email: string | null;
  password_hash: string;
  role: 'user' | 'admin';
  verified: number;
  token_version: number;
  created_at: string;
  updated_at: string;
}

export type NewUser = Pick<UserRow, 'dni' | 'phone' | 'email' | 'password_hash' | 'role'> & {
  verified: boolean;
};

/** What every authenticated call needs to know about its account. */
export type SessionInfo = Pick<UserRow, 'id' | 'dni' | 'role' | 'verified' | 'token_version'>;

export function createUsersRepo(db: Db) {
  // session checks run on every call; any write (a password or role change, a deletion) empties
  // the cache, so it still takes effect on the very next call
  const cache = readCacheFor(db);
  const sessionById = db.prepare<[number], SessionInfo>(
    'SELECT id, dni, role, verified, token_version FROM users WHERE id = ?',
  );
  const byId = db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?');
  const byDni = db.prepare<[string], UserRow>('SELECT * FROM users WHERE dni = ?');
  const byEmail = db.prepare<[string], UserRow>(
    'SELECT * FROM users WHERE email = ? COLLATE NOCASE AND verified = 1 ORDER BY id LIMIT 1',
  );
  const all = db.prepare<[], UserRow>('SELECT * FROM users ORDER BY created_at DESC, id DESC');
  const insert = db.prepare(
    `INSERT INTO users (dni, phone, email, password_hash, role, verified)
     VALUES (@dni, @phone, @email, @password_hash, @role, @verified)`,
  );
  const countAdmins = db.prepare<[], { n: number }>(
    "SELECT COUNT(*) AS n FROM users WHERE role = 'admin'",
  );
  const count = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM users');
  return {
    findById: (id: number) => byId.get(id),
    sessionInfo: (id: number): SessionInfo | undefined =>
      cache.read(`session:${id}`, () => sessionById.get(id)),
    findByDni: (dni: string) => byDni.get(dni),
    findVerifiedByEmail: (email: string) => byEmail.get(email),
    list: () => all.all(),
    count: () => count.get()?.n ?? 0,
    countAdmins: () => countAdmins.get()?.n ?? 0,
    insert: (user: NewUser): number =>
      Number(insert.run({ ...user, verified: user.verified ? 1 : 0 }).lastInsertRowid),
    /** Updates the given columns; bumps token_version when asked (password/role change). */
    update(
      id: number,
      changes: Partial<Pick<UserRow, 'dni' | 'phone' | 'email' | 'password_hash' | 'role'>> & {
        verified?: boolean;
        endSessions?: boolean;
      },
    ): void {
      const sets: string[] = [];
      const params: Record<string, unknown> = { id };
      for (const key of ['dni', 'phone', 'email', 'password_hash', 'role'] as const) {
        if (key in changes) {
          sets.push(`${key} = @${key}`);
          params[key] = changes[key];
        }
      }
      if (changes.verified !== undefined) {
        sets.push('verified = @verified');
        params.verified = changes.verified ? 1 : 0;
      }
      if (changes.endSessions) sets.push('token_version = token_version + 1');
      if (sets.length === 0) return;
      sets.push("updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')");
      db.prepare(`UPDATE users SET ${sets.join(', ')} WHERE id = @id`).run(params);
    },
    delete: (id: number): boolean =>
      db.prepare('DELETE FROM users WHERE id = ?').run(id).changes > 0,
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
