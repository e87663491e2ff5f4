import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Config } from '../config.js';
import type { Database } from '../data/database.js';
import { databaseAgeMs } from '../data/migrations/runner.js';

/** A start refused: the line says why and what to do. */
export class EmptyDatabaseRefused extends Error {}

/**
 * Files the portal writes into DATA_DIR while it is used: `written` (the generated JWT secret, the
 * first administrator's credentials), a database a restore kept aside, and backups or databases
 * kept there (on PostgreSQL, the SQLite file of an earlier SQLite portal too).
 */
function isSignOfUse(name: string, written: string[], liveFile: string | null): boolean {
  if (liveFile !== null && name === basename(liveFile)) return false;
  return (
    written.includes(name) ||
    name.includes('.before-restore-') ||
    /\.(sqlite|sqlite3|db|dump)$/.test(name)
  );
}

/**
 * The files of DATA_DIR that show the portal was used before this database existed: older than
 * the database itself (its first migration, by its own clock). The database's own first start
 * writes the secret and the credentials after creating it, so they never count against it.
 */
export async function signsOfEarlierUse(
  config: Config,
  db: Database,
  written: string[],
): Promise<string[]> {
  let names: string[];
  try {
    names = readdirSync(config.dataDir);
  } catch {
    return [];
  }
  const ageMs = await databaseAgeMs(db);
  const now = Date.now();
  const writtenNames = written.map((file) => basename(file));
  return names
    .filter((name) => isSignOfUse(name, writtenNames, db.sqliteFile))
    .filter((name) => {
      const stat = statSync(join(config.dataDir, name), { throwIfNoEntry: false });
      return stat !== undefined && stat.isFile() && now - stat.mtimeMs > ageMs;
    })
    .sort();
}

/**
 * An empty database (no account at all) where DATA_DIR shows earlier use most likely means the
 * data was lost (the file deleted, a wrong DATABASE_URL or volume); starting afresh would create
 * a new first administrator over it. Refused in one line unless ALLOW_EMPTY_DATABASE=true.
 */
export async function refuseEmptyDatabaseAfterUse(
  config: Config,
  db: Database,
  written: string[],
): Promise<void> {
  if (config.allowEmptyDatabase) return;
  const signs = await signsOfEarlierUse(config, db, written);
  if (signs.length === 0) return;
  throw new EmptyDatabaseRefused(
    `Refusing to start on an empty database (${db.describe} has no accounts) while ${config.dataDir} shows earlier use (${signs.join(', ')}, older than the database): if the data was lost, restore the last backup (docs/operations.md, Backups); to start afresh on purpose, set ALLOW_EMPTY_DATABASE=true for one start.`,
  );
}
