import type { Kysely, QueryResult } from 'kysely';
import type BetterSqlite3 from 'better-sqlite3';
import type { Engine } from './engines.js';
import type { Tables } from './schema.js';

/**
 * The database as every repository, service and migration sees it: the interface only, in a file
 * of its own, so that what opens it (open-database.ts, which runs the migrations) is imported by
 * nobody but the entry points.
 */

export type Executor = Kysely<Tables>;

/** Why the database cannot serve now, in words for the log (a path, a code; never a password). */
/**
 * A savepoint's work failed and its transaction is gone with it: SQLite ends a whole transaction
 * itself on some errors (a disk that refuses a write, a full disk), and the savepoint can then
 * not be rolled back to. The caller's transaction must fail as a whole. It carries the error that
 * says what happened, code included, so that it is answered as that error is.
 */
export class TransactionEnded extends Error {
  readonly code: unknown;
  constructor(readonly original: unknown) {
    super((original as Error)?.message ?? String(original), { cause: original });
    this.code = (original as { code?: unknown })?.code;
  }
}

export interface DatabaseProblem {
  /** gone: the SQLite file was deleted or replaced under the server; unreachable: no answer. */
  kind: 'gone' | 'unwritable' | 'unreachable';
  detail: string;
}

export interface Database {
  engine: Engine;
  /**
   * Where the current call's queries go: the transaction this async call runs inside, else the
   * connection pool. Repositories ask for it on every query, so the same repository method works
   * inside and outside a transaction.
   */
  q(): Executor;
  /**
   * Where a read that grows with a table goes (a staff list's page, count or search): inside a
   * transaction, the transaction; else SQLite's reader threads (their own read-only connections,
   * sqlite-readers.ts) or PostgreSQL's pool. Small keyed lookups stay on q(), so they never queue
   * behind a long read; a read that decides a write belongs in the transaction that writes.
   */
  reads(): Executor;
  /**
   * Runs fn all-or-nothing. On SQLite: BEGIN IMMEDIATE, one writer at a time. On PostgreSQL:
   * READ COMMITTED, where what must not interleave takes locks: the rows a money path is about
   * to change (`rowLocks`) or a named lock (`lock`). A transaction chosen as a deadlock's victim
   * runs again, so fn must not do anything outside the database (no SMS, no gateway call).
   * Called inside a transaction, fn joins it.
   */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Inside a transaction: runs fn so that a throw undoes fn's own writes only (SAVEPOINT, then
   * ROLLBACK TO it) and the transaction goes on; the error is thrown on. Group commit
   * (group-commit.ts) runs each call of a batch this way. On PostgreSQL its RELEASE is sent with
   * the next SAVEPOINT, in one round trip, or left to COMMIT (open-database.ts).
   */
  savepoint<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * True where SELECT … FOR UPDATE exists and is needed (PostgreSQL): a query that reads rows it
   * will change adds `.$if(db.rowLocks, (q) => q.forUpdate())`, so a concurrent transaction
   * wanting them waits and then reads them as changed. SQLite has no such clause and needs none.
   */
  rowLocks: boolean;
  /**
   * Inside a transaction: waits until no other transaction, in any process, holds the lock of
   * this name, and holds it until the end of this one. PostgreSQL's advisory lock; nothing on
   * SQLite, where BEGIN IMMEDIATE already lets one writer in at a time.
   */
  lock(name: string): Promise<void>;
  /** Whether this async call runs inside a transaction. */
  inTransaction(): boolean;
  /**
   * A compiled statement (compiled-query.ts) run at once, synchronously, on SQLite's one
   * connection when this call is outside a transaction and no other call holds the connection:
   * the same prepared statement, statement count and file check as through Kysely, without its
   * driver's chain of promises. null when it cannot run at once (inside a transaction, the
   * connection taken, PostgreSQL): then it goes through `q()` as any query.
   */
  runAtOnce(sql: string, parameters: readonly unknown[]): QueryResult<unknown> | null;
  /** Runs a multi-statement script inside the current transaction (migrations). */
  execScript(script: string): Promise<void>;
  /** The SQLite handle for online backups; null on PostgreSQL. */
  sqliteHandle: BetterSqlite3.Database | null;
  /** Where the data lives, for logs (no password). */
  describe: string;
  /** The SQLite file; null on PostgreSQL. */
  sqliteFile: string | null;
  /**
   * Why the SQLite file this process writes is no longer the one at its path (deleted, or
   * replaced under the running server); null while it is, and always on PostgreSQL. One stat.
   */
  fileGone(): string | null;
  /**
   * Whether the database can be reached and written now (database-probe.ts): null, or what is
   * wrong. `write` also commits a write that changes nothing, on SQLite the one way to see a disk
   * that refuses writes (full, failing) before a resident's write does.
   */
  probe(options?: { write?: boolean }): Promise<DatabaseProblem | null>;
  /** Transactions run again after a deadlock since start (PostgreSQL), for metrics. */
  retries(): number;
  /**
   * Calls waiting for a connection now (PostgreSQL's pool, SQLite's one connection): how far
   * the database is behind, which the load shedding reads (http/load-shedding.ts).
   */
  waiting(): number;
  /**
   * Statements sent to the database since it was opened, on every connection (queries, BEGIN,
   * COMMIT, SAVEPOINT): what a call cost in statements is the difference across it. Statements
   * sent together in one round trip (PostgreSQL's RELEASE with the next SAVEPOINT) count once.
   * For the statement-count tests and bench; no answer carries it.
   */
  statements(): number;
  /**
   * SQLite's flushes of its WAL to disk since it was opened (each acknowledged write waits for
   * one, and writes at the same moment share it: sqlite-wal-flush.ts); 0 on PostgreSQL. For
   * tests and the bench.
   */
  walFlushes(): number;
  close(): Promise<void>;
}
