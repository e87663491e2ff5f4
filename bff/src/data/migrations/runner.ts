import { sql } from 'kysely';
import type { Database } from '../database.js';
import { migrations, type Migration } from './index.js';

/** Any fixed number: the key of the PostgreSQL lock that lets one process migrate at a time. */
const MIGRATION_LOCK_KEY = 7_305_120_401;

const bookkeeping: Record<Database['engine'], string> = {
  sqlite: `CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))`,
  // portal_now(): the same UTC ISO text SQLite's strftime default gives, for every text timestamp
  postgres: `CREATE OR REPLACE FUNCTION portal_now() RETURNS text LANGUAGE sql VOLATILE AS
    $$ SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;
    CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY, name text NOT NULL,
    applied_at text NOT NULL DEFAULT portal_now())`,
};

/**
 * Applies every migration not yet recorded, in order, in one transaction. On PostgreSQL a lock
 * makes a second process starting at the same moment wait, then find them applied (each
 * statement of a read-committed transaction sees what was committed before it began).
 */
export async function runMigrations(db: Database, upTo = Infinity): Promise<void> {
  const wanted = migrations.filter((m) => m.version <= upTo);
  const sqlite = db.sqliteHandle;
  // SQLite rebuilds a table with foreign keys off (they cannot change inside a transaction)
  const foreignKeysOff =
    sqlite !== null &&
    wanted.some((m) => m.rebuildsTables && !appliedOnSqlite(sqlite).has(m.version));
  if (foreignKeysOff) sqlite.pragma('foreign_keys = OFF');
  try {
    await migrate(db, wanted, foreignKeysOff);
  } finally {
    if (foreignKeysOff) sqlite.pragma('foreign_keys = ON');
  }
}

function appliedOnSqlite(sqlite: NonNullable<Database['sqliteHandle']>): Set<number> {
  const table = sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
    .get();
  if (!table) return new Set();
  return new Set(sqlite.prepare('SELECT version FROM schema_migrations').pluck().all() as number[]);
}

async function migrate(
  db: Database,
  wanted: readonly Migration[],
  checkForeignKeys: boolean,
): Promise<void> {
  await db.transaction(async () => {
    if (db.engine === 'postgres') {
      await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(db.q());
    }
    await db.execScript(bookkeeping[db.engine]);
    const applied = new Set(
      (await db.q().selectFrom('schema_migrations').select('version').execute()).map(
        (row) => row.version,
      ),
    );
    for (const migration of wanted) {
      if (applied.has(migration.version)) continue;
      await apply(db, migration);
    }
    if (checkForeignKeys) {
      const broken = db.sqliteHandle!.pragma('foreign_key_check') as unknown[];
      if (broken.length > 0) {
        throw new Error(`migration left ${broken.length} broken foreign keys; nothing applied`);
      }
    }
  });
}

async function apply(db: Database, migration: Migration): Promise<void> {
  await db.execScript(migration[db.engine]);
  await migration.after?.(db);
  await db
    .q()
    .insertInto('schema_migrations')
    .values({ version: migration.version, name: migration.name })
    .execute();
}

/** The highest migration this build knows, and the highest the database has applied. */
export async function migrationState(db: Database): Promise<{ expected: number; applied: number }> {
  const row = await db
    .q()
    .selectFrom('schema_migrations')
    .select((eb) => eb.fn.max('version').as('version'))
    .executeTakeFirst();
  return {
    expected: Math.max(...migrations.map((m) => m.version)),
    applied: Number(row?.version ?? 0),
  };
}

/**
 * How long ago this database was created (its first migration was applied), by the database's
 * own clock, so that a PostgreSQL server's clock never has to agree with this machine's.
 */
export async function databaseAgeMs(db: Database): Promise<number> {
  const now =
    db.engine === 'postgres' ? sql`portal_now()` : sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  const { rows } = await sql<{ born: string | null; now: string }>`
    SELECT MIN(applied_at) AS born, ${now} AS now FROM schema_migrations`.execute(db.q());
  const row = rows[0];
  return row?.born ? Math.max(0, Date.parse(row.now) - Date.parse(row.born)) : 0;
}
