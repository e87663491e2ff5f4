import { existsSync, renameSync } from 'node:fs';
import { resolve } from 'node:path';
import Sqlite from 'better-sqlite3';
import { ConfigError, loadConfig } from '../config.js';
import { isPostgresUrl } from '../data/engines.js';
import { openDatabase } from '../data/open-database.js';

const USAGE = `Usage:
  npm run backup -- <file>     copy the SQLite database under DATA_DIR into <file>, online
  npm run restore -- <file>    replace the database under DATA_DIR with <file> (stop the server first)

PostgreSQL (DATABASE_URL set) is backed up with pg_dump and restored with pg_restore: see the README.`;

function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

/** A file SQLite can read, whose pages are intact and which holds the portal's tables. */
function checkBackupFile(file: string): void {
  if (!existsSync(file)) fail(`${file} does not exist.`, 1);
  let db: Sqlite.Database | null = null;
  try {
    db = new Sqlite(file, { readonly: true, fileMustExist: true });
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') fail(`${file} is damaged (integrity check: ${String(integrity)}).`, 1);
    const table = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
      .get();
    if (!table) fail(`${file} is not a backup of this portal (no schema_migrations table).`, 1);
  } catch (err) {
    fail(`${file} is not a SQLite database: ${(err as Error).message}`, 1);
  } finally {
    db?.close();
  }
}

async function main(): Promise<void> {
  const [command, target] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !target) fail(USAGE, 2);
  let config;
  try {
    config = loadConfig({ ...process.env, ADMIN_DNI: undefined, ADMIN_PASSWORD: undefined });
  } catch (err) {
    if (err instanceof ConfigError)
      fail(err.problems.map((p) => `Configuration error: ${p}`).join('\n'), 2);
    throw err;
  }
  if (isPostgresUrl(config.databaseUrl)) {
    fail(
      'DATABASE_URL points at PostgreSQL: back it up with pg_dump and restore it with pg_restore (see the README).',
      2,
    );
  }
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), target);
  const live = resolve(config.dataDir, 'portal.sqlite');

  if (command === 'backup') {
    const db = await openDatabase({ databaseUrl: null, dataDir: config.dataDir });
    try {
      // SQLite's online backup: a consistent copy while the server keeps serving
      await db.sqliteHandle!.backup(file);
    } finally {
      await db.close();
    }
    process.stdout.write(`Backed up ${live} to ${file}.\n`);
    return;
  }

  checkBackupFile(file);
  let safety: string | null = null;
  if (existsSync(live)) {
    safety = `${live}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    const current = new Sqlite(live);
    try {
      await current.backup(safety);
    } finally {
      current.close();
    }
  }
  // copied through SQLite into a new file, then put in place: never a half-written database
  const incoming = `${live}.restoring`;
  const source = new Sqlite(file, { readonly: true });
  try {
    await source.backup(incoming);
  } finally {
    source.close();
  }
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(`${live}${suffix}`))
      renameSync(`${live}${suffix}`, `${safety ?? live}${suffix}.old`);
  }
  renameSync(incoming, live);
  // brings an older backup's schema up to this build's migrations
  const db = await openDatabase({ databaseUrl: null, dataDir: config.dataDir });
  await db.close();
  process.stdout.write(
    `Restored ${file} into ${live}.${safety ? ` The database it replaced is kept as ${safety}.` : ''}\n`,
  );
}

await main();
