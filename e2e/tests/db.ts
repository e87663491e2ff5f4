import Database from 'better-sqlite3';
import { join } from 'node:path';

/** Direct access to the server's SQLite file, for arranging state the UI cannot (yet) set. */
export function withDb<T>(fn: (db: Database.Database) => T): T {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  const db = new Database(join(dataDir, 'portal.sqlite'));
  db.pragma('busy_timeout = 5000');
  try {
    return fn(db);
  } finally {
    db.close();
  }
}
