import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { migrations } from './migrations/index.js';

export type Db = Database.Database;

/** Opens (creating if needed) the database with the durability pragmas of the security checklist. */
export function openDatabase(dataDir: string, fileName = 'portal.sqlite'): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, fileName));
  db.pragma('journal_mode = WAL');
  // FULL: every acknowledged write survives a power cut, not only a process crash.
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  migrate(db);
  return db;
}

export function migrate(db: Db): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))`);
  const applied = new Set(
    db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[],
  );
  for (const m of migrations) {
    if (applied.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name) VALUES (?, ?)').run(
        m.version,
        m.name,
      );
    }).immediate();
  }
}

/** Runs fn in a BEGIN IMMEDIATE transaction: all or nothing, and no writer races in between. */
export function inTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(fn).immediate();
}
