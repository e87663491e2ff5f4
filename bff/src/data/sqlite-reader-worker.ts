import Sqlite from 'better-sqlite3';
import { workerData } from 'node:worker_threads';
import { serveJobs } from '../lib/thread-pool.js';
import type { ReadJob } from './sqlite-readers.js';
import { statementCache } from './sqlite-statements.js';

// One reader thread (sqlite-readers.ts): its own read-only connection to the database file. In
// WAL mode it reads the last committed state while the main connection writes, so a staff
// search never waits for a payment being saved, nor the payment for the search.

const { file } = workerData as { file: string };
const db = new Sqlite(file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');

/** Statements this thread keeps prepared (sqlite-statements.ts). */
const STATEMENT_CACHE_SIZE = 200;
const prepare = statementCache(db, STATEMENT_CACHE_SIZE);

serveJobs<ReadJob>(
  ({ sql, parameters }) => {
    const statement = prepare(sql);
    if (!statement.reader) throw new Error('a reader thread only runs statements that read');
    return statement.all(parameters);
  },
  () => db.close(),
);
