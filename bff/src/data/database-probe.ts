import { sql } from 'kysely';
import type { Database, DatabaseProblem } from './database.js';
import { databaseFailureOf, type EngineParts } from './engines.js';

const describeError = (err: unknown): string => {
  const { message, code } = (err ?? {}) as { message?: unknown; code?: unknown };
  const text = typeof message === 'string' ? message : String(err);
  return typeof code === 'string' && !text.includes(code) ? `${text} (${code})` : text;
};

/**
 * Whether the database can be reached and written now; null when it can. Cheap: a stat and an
 * access check of the SQLite file and one small query; with `write`, on SQLite, a committed write
 * that changes nothing (user_version, which the portal never uses, set to what it is).
 *
 * PostgreSQL is asked whether it is a standby in recovery or its sessions are read-only, which is
 * how a database that answers but cannot be written shows there. On SQLite a rolled-back write
 * would prove nothing: in WAL mode nothing reaches the disk before the commit.
 */
export async function probeDatabase(
  db: Database,
  parts: EngineParts,
  write: boolean,
): Promise<DatabaseProblem | null> {
  if (parts.file) {
    const moved = parts.file.moved();
    if (moved) return { kind: 'gone', detail: moved };
    const unwritable =
      parts.file.unwritable() ??
      (parts.sqlite?.readonly ? `${parts.file.file} is open read-only` : null);
    if (unwritable) return { kind: 'unwritable', detail: unwritable };
  }
  try {
    if (db.engine === 'postgres') {
      const { rows } = await sql<{ recovery: boolean; read_only: string }>`
        SELECT pg_is_in_recovery() AS recovery,
          current_setting('transaction_read_only') AS read_only`.execute(db.q());
      if (rows[0]?.recovery)
        return { kind: 'unwritable', detail: 'PostgreSQL is a standby in recovery (read-only)' };
      if (rows[0]?.read_only === 'on')
        return { kind: 'unwritable', detail: 'PostgreSQL sessions are read-only' };
    } else if (write) {
      await db.transaction(async () => {
        const { rows } = await sql
          .raw<{ user_version: number }>('PRAGMA user_version')
          .execute(db.q());
        await sql
          .raw(`PRAGMA user_version = ${Number(rows[0]?.user_version ?? 0)}`)
          .execute(db.q());
      });
    } else {
      await sql`SELECT 1`.execute(db.q());
    }
  } catch (err) {
    const failure = databaseFailureOf(err);
    // another process held the write lock past the busy timeout: the database is there
    if (failure === 'busy') return null;
    const kind = db.engine === 'sqlite' && write ? 'unwritable' : 'unreachable';
    return { kind, detail: describeError(err) };
  }
  return null;
}
