import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import {
  councilDatabase,
  councilDatabaseName,
  type DatabaseTarget,
} from '../councils/council-database.js';
import { isPostgresUrl } from '../data/engines.js';
import { migrations } from '../data/migrations/index.js';
import { openDatabase } from '../data/open-database.js';
import { liveSqliteFile } from './sqlite-backup.js';

/** The newest migration this build knows: a council's database at it is up to date. */
export const LATEST_MIGRATION = migrations.at(-1)!.version;

/** A council's database as the operator reads it: where, whether it exists, how far migrated. */
export interface CouncilDatabaseState {
  /** A SQLite file, or `postgres://host/portal_<id>` (never a password). */
  describe: string;
  exists: boolean;
  /** The newest migration applied; null when none (or no database). */
  version: number | null;
}

/** Why a council's database could not be created, exported or dropped: one line. */
export class CouncilDatabaseRefused extends Error {}

/** The cluster of DATABASE_URL, asked something on its own database (never a council's). */
async function withCluster<T>(databaseUrl: string, fn: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function describePostgres(url: string): string {
  const where = new URL(url);
  return `postgres://${where.host}${where.pathname}`;
}

/** Quoted as an identifier; the name comes from a checked council id. */
const identifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Where a council's database is, whether it exists and its migration version; creates nothing. */
export async function councilDatabaseState(
  base: DatabaseTarget,
  id: string,
): Promise<CouncilDatabaseState> {
  const target = councilDatabase(base, id);
  if (!isPostgresUrl(target.databaseUrl)) {
    const file = liveSqliteFile(target.dataDir);
    if (!existsSync(file)) return { describe: file, exists: false, version: null };
    const db = new Sqlite(file, { readonly: true, fileMustExist: true });
    try {
      const table = db
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
        .get();
      const version = table
        ? (db.prepare('SELECT max(version) FROM schema_migrations').pluck().get() as number | null)
        : null;
      return { describe: file, exists: true, version };
    } finally {
      db.close();
    }
  }
  const describe = describePostgres(target.databaseUrl);
  const exists = await withCluster(base.databaseUrl!, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      councilDatabaseName(id),
    ]);
    return found.rowCount === 1;
  });
  if (!exists) return { describe, exists, version: null };
  const version = await withCluster(target.databaseUrl, async (client) => {
    const table = await client.query("SELECT to_regclass('schema_migrations') AS t");
    if (table.rows[0]?.t === null) return null;
    const row = await client.query<{ v: number | null }>(
      'SELECT max(version) AS v FROM schema_migrations',
    );
    return row.rows[0]?.v ?? null;
  });
  return { describe, exists, version };
}

/**
 * Creates a council's database (SQLite: its folder and file; PostgreSQL: `CREATE DATABASE
 * portal_<id>` in DATABASE_URL's cluster) and runs every migration. Refused when it exists.
 */
export async function createCouncilDatabase(
  base: DatabaseTarget,
  id: string,
): Promise<CouncilDatabaseState> {
  const before = await councilDatabaseState(base, id);
  if (before.exists)
    throw new CouncilDatabaseRefused(
      `council "${id}" is already added (its database ${before.describe} exists): nothing done.`,
    );
  const target = councilDatabase(base, id);
  mkdirSync(target.dataDir, { recursive: true });
  if (isPostgresUrl(target.databaseUrl)) {
    await withCluster(base.databaseUrl!, async (client) => {
      try {
        await client.query(`CREATE DATABASE ${identifier(councilDatabaseName(id))}`);
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === '42P04')
          throw new CouncilDatabaseRefused(
            `council "${id}" is already added (its database ${before.describe} exists): nothing done.`,
          );
        if (code === '42501')
          throw new CouncilDatabaseRefused(
            `the role of DATABASE_URL may not create databases: grant it CREATEDB (ALTER ROLE … CREATEDB) or create ${councilDatabaseName(id)} as its owner, then run this again.`,
          );
        throw err;
      }
    });
  }
  // opening a database applies every migration
  const db = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  await db.close();
  return councilDatabaseState(base, id);
}

/** pg_dump of a council's database into `file` (custom format, for pg_restore). */
export function dumpCouncilDatabase(base: DatabaseTarget, id: string, file: string): void {
  const target = councilDatabase(base, id);
  const bin = process.env.PG_BIN ? `${process.env.PG_BIN}/pg_dump` : 'pg_dump';
  // the password goes in the environment, never on a command line other users can read
  const url = new URL(target.databaseUrl!);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const run = spawnSync(
    bin,
    ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${url.toString()}`],
    { encoding: 'utf8', env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } },
  );
  if (run.error || run.status !== 0) {
    const why = run.error ? run.error.message : run.stderr.trim().split('\n')[0];
    throw new CouncilDatabaseRefused(
      `pg_dump of ${councilDatabaseName(id)} failed (${why}): nothing deleted. Install PostgreSQL's client (the server's version or newer) or set PG_BIN.`,
    );
  }
}

/** DROP DATABASE portal_<id>; refused while a process is still connected to it. */
export async function dropCouncilDatabase(base: DatabaseTarget, id: string): Promise<void> {
  const name = councilDatabaseName(id);
  await withCluster(base.databaseUrl!, async (client) => {
    try {
      await client.query(`DROP DATABASE IF EXISTS ${identifier(name)}`);
    } catch (err) {
      if ((err as { code?: string }).code === '55006')
        throw new CouncilDatabaseRefused(
          `${name} is still in use by a portal process (or another client): stop them, then run this again. Its export is kept; nothing deleted.`,
        );
      throw err;
    }
  });
}

/**
 * Council databases in the deployment's place (SQLite: DATA_DIR/councils/<id>/portal.sqlite;
 * PostgreSQL: `portal_…` databases of the cluster) whose council is not among `served` ids: a
 * council taken out of COUNCILS_DIR and not yet removed. Each as it would be described.
 */
export async function unservedCouncilDatabases(
  base: DatabaseTarget,
  served: string[],
): Promise<string[]> {
  if (!isPostgresUrl(base.databaseUrl)) {
    const dir = join(base.dataDir, 'councils');
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((id) => !served.includes(id) && existsSync(liveSqliteFile(join(dir, id))))
      .sort()
      .map((id) => liveSqliteFile(join(dir, id)));
  }
  const names = new Set(served.map(councilDatabaseName));
  const rows = await withCluster(base.databaseUrl, (client) =>
    client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'portal\\_%' ORDER BY datname",
    ),
  );
  return rows.rows
    .map((row) => row.datname)
    .filter((name) => !names.has(name))
    .map((name) => {
      const url = new URL(base.databaseUrl!);
      url.pathname = `/${name}`;
      return describePostgres(url.toString());
    });
}
