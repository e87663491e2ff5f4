import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { resolve } from 'node:path';
import Sqlite from 'better-sqlite3';
import { openDatabase } from '../data/open-database.js';

/** Why a backup or a restore could not be done: one line for the operator. */
export class BackupRefused extends Error {}

/** The live SQLite database of the portal (or of one council) under its data folder. */
export function liveSqliteFile(dataDir: string): string {
  return resolve(dataDir, 'portal.sqlite');
}

/**
 * Copies the SQLite database under `dataDir` into `file` with SQLite's online backup: a
 * consistent copy while the server keeps serving (never copy the file itself).
 */
export async function backupSqlite(dataDir: string, file: string): Promise<void> {
  const db = await openDatabase({ databaseUrl: null, dataDir });
  try {
    await db.sqliteHandle!.backup(file);
  } finally {
    await db.close();
  }
}

/** A file SQLite can read, whose pages are intact and which holds the portal's tables. */
export function checkBackupFile(file: string): void {
  if (!existsSync(file)) throw new BackupRefused(`${file} does not exist.`);
  let db: Sqlite.Database;
  try {
    db = new Sqlite(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw new BackupRefused(`${file} is not a SQLite database: ${(err as Error).message}`);
  }
  try {
    let integrity: unknown;
    let table: unknown;
    try {
      integrity = db.pragma('integrity_check', { simple: true });
      table = db
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'",
        )
        .get();
    } catch (err) {
      throw new BackupRefused(`${file} is not a SQLite database: ${(err as Error).message}`);
    }
    if (integrity !== 'ok')
      throw new BackupRefused(`${file} is damaged (integrity check: ${String(integrity)}).`);
    if (!table)
      throw new BackupRefused(
        `${file} is not a backup of this portal (no schema_migrations table).`,
      );
  } finally {
    db.close();
  }
}

/**
 * Puts the backup `file` in place of the database under `dataDir` (the server stopped): the file
 * is checked, the database it replaces is kept beside it as `portal.sqlite.before-restore-<time>`,
 * and the restored one is migrated to this build. Returns the kept copy, if there was one.
 */
export async function restoreSqlite(dataDir: string, file: string): Promise<string | null> {
  checkBackupFile(file);
  mkdirSync(dataDir, { recursive: true });
  const live = liveSqliteFile(dataDir);
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
  const db = await openDatabase({ databaseUrl: null, dataDir });
  await db.close();
  return safety;
}
