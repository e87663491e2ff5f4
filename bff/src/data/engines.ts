import Sqlite from 'better-sqlite3';
import {
  CompiledQuery,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type PostgresPool,
  type PostgresPoolClient,
  type QueryResult,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { createSqliteReadersDialect } from './sqlite-readers.js';
import { DatabaseFileMoved, sqliteFileWatch, type SqliteFileWatch } from './sqlite-file.js';
import { statementCache } from './sqlite-statements.js';
import { NOT_DURABLE, walFlusher, type WalFlusher } from './sqlite-wal-flush.js';

/**
 * Everything that differs between the two engines, side by side: how a connection is opened, how a
 * transaction begins, which errors mean "unique key taken", "try again" or "the database is away",
 * how a multi-statement script runs and how a job takes a lock. The rest of the data layer is
 * written once.
 */
export type Engine = 'sqlite' | 'postgres';

export interface EngineParts {
  engine: Engine;
  dialect: Dialect;
  /** Runs a script of several statements (migrations) on the connection of the open transaction. */
  execScript(script: string, run: (sql: string) => Promise<void>): Promise<void>;
  /**
   * Where reads outside a transaction may run beside the main connection: SQLite's reader threads;
   * null where the main dialect's pool already runs queries side by side (PostgreSQL).
   */
  readDialect: Dialect | null;
  /** The SQLite file's own handle (backups); null on PostgreSQL. */
  sqlite: Sqlite.Database | null;
  /** Whether the SQLite file is still the one opened, and writable; null on PostgreSQL. */
  file: SqliteFileWatch | null;
  /** Where the data lives, for logs (never the password). */
  describe: string;
  /**
   * Runs a statement at once on SQLite's main connection when no call holds it (no transaction
   * open, nobody waiting), as Kysely's SQLite connection runs it (the same `prepare`: counted, the
   * file checked before a write) but synchronously; null when the connection is taken. null on
   * PostgreSQL, where every statement is a round trip anyway.
   */
  runAtOnce: ((sql: string, parameters: readonly unknown[]) => QueryResult<unknown> | null) | null;
  /**
   * Calls waiting now for a connection: PostgreSQL's pool's queue, or the calls queued for
   * SQLite's one connection (the writer and every keyed read). Read by the load shedding.
   */
  waiting(): number;
  /**
   * Statements sent to the database since it was opened (every query, BEGIN, COMMIT and
   * SAVEPOINT, on the main connection, SQLite's reader threads or PostgreSQL's pool): one integer
   * added to per statement, read by the statement-count tests and bench.
   */
  statements(): number;
  /** SQLite's WAL flushes since it was opened (sqlite-wal-flush.ts); 0 on PostgreSQL. */
  walFlushes(): number;
}

export function isPostgresUrl(url: string | null | undefined): url is string {
  return typeof url === 'string' && /^postgres(ql)?:\/\//i.test(url);
}

/** SQLite under dataDir, or PostgreSQL when databaseUrl is a postgres:// URL. */
export function openEngine(options: {
  databaseUrl: string | null;
  dataDir: string;
  fileName?: string;
  poolSize?: number;
}): EngineParts {
  return isPostgresUrl(options.databaseUrl)
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : openSqlite(join(options.dataDir, options.fileName ?? 'portal.sqlite'));
}

// ---------------------------------------------------------------------------------------- SQLite

/**
 * BEGIN IMMEDIATE instead of Kysely's plain BEGIN: the write lock is taken at the start, so a
 * transaction that reads and then writes never meets another process's write in between (the
 * admin CLI, a backup). Inside one process Kysely's driver already runs one query at a time.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #inTransaction: () => boolean;
  readonly #turns: OneAtATime;
  readonly #durability: Durability;
  constructor(connection: SqliteConnectionParts) {
    super({ database: connection.database });
    this.#inTransaction = connection.inTransaction;
    this.#turns = connection.turns;
    this.#durability = connection.durability;
  }
  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#turns.take();
    this.#durability.committed = false;
    return super.acquireConnection();
  }
  /**
   * The connection goes to the next call first; then, if this use committed a write, its caller
   * waits for the WAL on disk (sqlite-wal-flush.ts) before it hears of success.
   */
  override async releaseConnection(): Promise<void> {
    const committed = this.#durability.committed;
    this.#durability.committed = false;
    await super.releaseConnection();
    this.#turns.give();
    if (committed) await this.#durability.wal.flush();
  }
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
  /**
   * SQLite ends a transaction itself on some errors (a disk that refuses the commit's write, a
   * full disk): a ROLLBACK then fails with "no transaction is active", and that error would
   * replace the one that says what happened.
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#inTransaction()) await super.rollbackTransaction(connection);
  }
}

/**
 * The one connection, lent to one call (a query, or a whole transaction) at a time, in order of
 * asking: Kysely's own lock for single-connection drivers, made first come first served and
 * counted, so that the load shedding can see how many calls wait (`waiting`).
 */
class OneAtATime {
  #busy = false;
  readonly #queue: (() => void)[] = [];
  get waiting(): number {
    return this.#queue.length;
  }
  /** Nobody holds the connection (and so nobody waits for it). */
  get free(): boolean {
    return !this.#busy;
  }
  async take(): Promise<void> {
    if (!this.#busy) {
      this.#busy = true;
      return;
    }
    await new Promise<void>((resolve) => this.#queue.push(resolve));
  }
  give(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#busy = false;
  }
}

/**
 * Whether the call holding the connection committed a write that must reach the disk before it
 * is acknowledged (a transaction's COMMIT, or a write outside one not marked `NOT_DURABLE`), and
 * the WAL's flusher that puts it there.
 */
interface Durability {
  committed: boolean;
  wal: WalFlusher;
}

/**
 * What must be on disk before its caller hears of it: a commit, or a write outside a transaction
 * unless marked `NOT_DURABLE` (a transaction's writes wait for its commit).
 */
const awaitsFlush = (
  sql: string,
  statement: Pick<Sqlite.Statement, 'readonly'>,
  inTransaction: boolean,
): boolean =>
  sql === 'commit' || (!statement.readonly && !inTransaction && !sql.startsWith(NOT_DURABLE));

/** The one SQLite connection as its driver shares it with the engine. */
interface SqliteConnectionParts {
  database: SqliteDatabase;
  inTransaction: () => boolean;
  turns: OneAtATime;
  durability: Durability;
}

/** SQLite's adapter, saying the driver keeps its connection to one call itself (OneAtATime). */
class OwnLockSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

class PortalSqliteDialect extends SqliteDialect {
  readonly #connection: SqliteConnectionParts;
  constructor(connection: SqliteConnectionParts) {
    super({ database: connection.database });
    this.#connection = connection;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#connection);
  }
  override createAdapter(): DialectAdapter {
    return new OwnLockSqliteAdapter();
  }
}

/** Statements the main connection keeps prepared (sqlite-statements.ts). */
const STATEMENT_CACHE_SIZE = 500;

/** One reader thread a core, at most four: each list read is one statement, short and CPU-bound. */
const readThreads = () => Math.min(4, availableParallelism());

function openSqlite(file: string): EngineParts {
  mkdirSync(join(file, '..'), { recursive: true });
  const raw = new Sqlite(file);
  const watch = sqliteFileWatch(file);
  raw.pragma('journal_mode = WAL');
  // NORMAL: a commit does not wait for the disk on the event loop; every acknowledged write
  // still survives a power cut, as with FULL, because its caller is answered only after the WAL
  // is flushed off the event loop (sqlite-wal-flush.ts; docs/performance.md, deadline day).
  raw.pragma('synchronous = NORMAL');
  raw.pragma('busy_timeout = 5000');
  raw.pragma('foreign_keys = ON');
  // 16 MB of pages instead of SQLite's 2 MB: a large import's inserts (five indexes and the search
  // index of one table) need fewer page reads; more buys little (docs/performance.md, import).
  // Reads have the reader threads' own connections.
  raw.pragma('cache_size = -16384');
  const prepare = statementCache(raw, STATEMENT_CACHE_SIZE);
  const durability: Durability = { committed: false, wal: walFlusher(file) };
  const sent = { statements: 0 };
  const database: SqliteDatabase = {
    // Kysely's SQLite connection asks for the statement each time it runs one
    prepare: (sql: string) => {
      sent.statements++;
      const statement = prepare(sql);
      // a write outside a transaction, or a transaction's commit, into a file deleted or replaced
      // under the server fails (database_unavailable) rather than being acknowledged: one stat
      if (sql === 'commit' || (!statement.readonly && !raw.inTransaction)) watch.assertInPlace();
      if (awaitsFlush(sql, statement, raw.inTransaction)) durability.committed = true;
      return statement as unknown as ReturnType<SqliteDatabase['prepare']>;
    },
    close: () => raw.close(),
  };
  const turns = new OneAtATime();
  return {
    engine: 'sqlite',
    dialect: new PortalSqliteDialect({
      database,
      inTransaction: () => raw.inTransaction,
      turns,
      durability,
    }),
    // better-sqlite3's exec runs several statements on the same (single) connection
    execScript: async (script) => void raw.exec(script),
    readDialect: createSqliteReadersDialect(file, readThreads(), sent),
    sqlite: raw,
    file: watch,
    describe: file,
    // what Kysely's SqliteConnection.executeQuery does, without a turn taken: the connection is
    // free and this runs to its end before any other call can ask for it
    runAtOnce: (sql, parameters) => {
      if (!turns.free) return null;
      // a write whose caller must wait for the WAL's flush goes the driver's way, which waits
      // for it after giving the connection back (ImmediateSqliteDriver.releaseConnection)
      if (awaitsFlush(sql, prepare(sql), false)) return null;
      const statement = database.prepare(sql) as unknown as Sqlite.Statement;
      if (statement.reader) return { rows: statement.all(parameters) as unknown[] };
      const { changes, lastInsertRowid } = statement.run(parameters);
      return { insertId: BigInt(lastInsertRowid), numAffectedRows: BigInt(changes), rows: [] };
    },
    waiting: () => turns.waiting,
    statements: () => sent.statements,
    walFlushes: () => durability.wal.flushes(),
  };
}

// ------------------------------------------------------------------------------------ PostgreSQL

/**
 * int8 (COUNT, SUM, the ms timestamps) as numbers, as SQLite gives them: every such value here
 * is far below 2^53. A types object of our own, so the pg module's global parsers stay untouched.
 */
const INT8_OID = 20;
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

/** How long a call waits for a PostgreSQL connection before it is answered 503. */
const POSTGRES_CONNECT_TIMEOUT_MS = 10_000;

/** Statements with more parameters than this (bulk inserts, long IN lists) are not kept. */
const NAMED_STATEMENT_MAX_PARAMETERS = 32;

/**
 * A search (`like $1`) is planned on every call for its own text, so it is not kept: after five
 * calls PostgreSQL may plan a kept statement once for every later value, and a search planned for
 * "nunez" (the trigram index) then reads the whole index for a one-letter text, where a scan
 * is several times cheaper. Planning every kept statement (`plan_cache_mode`) would cost every
 * other call too (docs/performance.md, admin lists).
 */
const PLANNED_PER_CALL = /\slike\s/i;

/**
 * Each connection keeps the server-side prepared statement of every query shape it ran: the
 * server parses and plans a query once per connection instead of on every call, and each call
 * sends only its parameters. Kysely hands pg the SQL text; the name is a hash of it.
 */
function withNamedStatements(
  pool: pg.Pool,
  options: pg.PoolConfig,
  sent: { statements: number },
): PostgresPool {
  const names = new Map<string, string>();
  const listened = new WeakSet<pg.PoolClient>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) {
      name = `p${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      if (names.size < 10_000) names.set(text, name);
    }
    return name;
  };
  return {
    async connect() {
      const client = await pool.connect().catch(fromPostgres);
      // a connection the server ends while it is checked out (PostgreSQL stopping, a restart)
      // emits 'error' with nobody listening, which would end the process; its next query fails
      // instead, and the pool drops it on release
      if (!listened.has(client)) {
        client.on('error', () => {});
        listened.add(client);
      }
      let stale = false;
      const query = async (text: string, values?: unknown[]) => {
        sent.statements++;
        try {
          return values &&
            values.length > 0 &&
            values.length <= NAMED_STATEMENT_MAX_PARAMETERS &&
            !PLANNED_PER_CALL.test(text)
            ? await client.query({ name: nameOf(text), text, values })
            : await client.query(text, values);
        } catch (err) {
          // another process migrated a table this connection's statements read (a rolling
          // deploy): this call fails once, and the connection is dropped with its statements
          if ((err as { code?: string }).code === '0A000') stale = true;
          return fromPostgres(err);
        }
      };
      return {
        query: query as unknown as PostgresPoolClient['query'],
        release: () => client.release(stale),
      };
    },
    end: () => pool.end(),
    // the pool's settings, which kysely 0.29 reads to open a side connection (to cancel a query)
    options,
  };
}

function openPostgres(url: string, poolSize: number): EngineParts {
  const options: pg.PoolConfig = {
    connectionString: url,
    max: poolSize,
    types: pgTypes,
    application_name: 'portal',
    // a call waits this long at most for a connection (the server unreachable, every connection
    // busy), then fails as database_unavailable rather than hanging until the request times out
    connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
  };
  const pool = new pg.Pool(options);
  // an idle client's error (the server restarted) must not crash the process; the pool drops it
  pool.on('error', () => {});
  const where = new URL(url);
  const sent = { statements: 0 };
  return {
    engine: 'postgres',
    dialect: new PostgresDialect({ pool: withNamedStatements(pool, options, sent) }),
    // no parameters: the simple query protocol, which runs several statements in one call
    execScript: async (script, run) => run(script),
    readDialect: null,
    sqlite: null,
    file: null,
    describe: `postgres://${where.host}${where.pathname}`,
    runAtOnce: null,
    waiting: () => pool.waitingCount,
    statements: () => sent.statements,
    walFlushes: () => 0,
  };
}

// -------------------------------------------------------------------------------- error meanings

interface DriverError {
  code?: string;
}

/** A unique or primary key already taken (SQLite's and PostgreSQL's codes). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as DriverError | null)?.code;
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505'
  );
}

/** A row still referred to by another through a foreign key (SQLite's and PostgreSQL's codes). */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as DriverError | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/**
 * PostgreSQL chose the transaction as a deadlock's victim (40P01) or could not serialize it
 * (40001): running it again is the documented answer. SQLite never needs it: BEGIN IMMEDIATE
 * runs writers one after another.
 */
export function isRetryableConflict(err: unknown): boolean {
  const code = (err as DriverError | null)?.code;
  return code === '40001' || code === '40P01';
}

/**
 * What a failed database call means for whoever made it, the one place that reads the engines'
 * error codes for it (the HTTP layer answers from it, the readiness check and the watch log it):
 * - `busy`: another writer held SQLite's lock past the busy timeout; try again in a moment.
 * - `unavailable`: the database cannot be reached or cannot be written: PostgreSQL down,
 *   restarting, refusing connections or read-only (a standby); the SQLite file read-only, on a
 *   full or failing disk, not openable, or deleted or replaced under the running server. The call
 *   is not acknowledged (a commit whose answer was cut may still have been saved, as with any
 *   answer lost on the way); it passes when the database is back, without restarting the portal
 *   (a SQLite file deleted or replaced excepted: that needs a restart).
 * - `damaged`: the file's pages are corrupt (SQLITE_CORRUPT, SQLITE_NOTADB; PostgreSQL's XX001,
 *   XX002). Not "try again": no retry mends it, and a 503 with Retry-After would tell clients and
 *   the load balancer to wait for something that never comes; it stays a 500, logged as damage
 *   so that someone restores the backup.
 * null: anything else (a bug, a constraint), which stays a 500.
 */
export type DatabaseFailure = 'busy' | 'unavailable' | 'damaged';

export function databaseFailureOf(err: unknown): DatabaseFailure | null {
  if (err instanceof DatabaseFileMoved) return 'unavailable';
  const code = (err as DriverError | null)?.code;
  if (typeof code === 'string' && code.startsWith('SQLITE_')) return sqliteFailure(code);
  if (err !== null && typeof err === 'object' && postgresErrors.has(err))
    return postgresFailure(err);
  return null;
}

function sqliteFailure(code: string): DatabaseFailure | null {
  const primary = code.replace(/^(SQLITE_[A-Z]+)_.*$/, '$1');
  switch (primary) {
    case 'SQLITE_BUSY':
      return 'busy';
    case 'SQLITE_READONLY':
    case 'SQLITE_IOERR':
    case 'SQLITE_CANTOPEN':
    case 'SQLITE_FULL':
      return 'unavailable';
    case 'SQLITE_CORRUPT':
    case 'SQLITE_NOTADB':
      return 'damaged';
    default:
      return null;
  }
}

/** Node's own codes for a socket that could not connect or was cut. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * pg's and pg-pool's own messages for a connection that ended, never came, or timed out waiting
 * in the pool (they carry no code).
 */
const CONNECTION_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/;

function postgresFailure(err: object): DatabaseFailure | null {
  const { code, message } = err as DriverError & { message?: string };
  if (typeof code === 'string') {
    if (CONNECTION_CODES.has(code)) return 'unavailable';
    // 08: connection exceptions; 57P01-57P05: the server shutting down, crashed, starting up,
    // the database dropped, an idle session ended; 53100/53200/53300: disk full, out of memory,
    // too many connections; 25006: a read-only transaction (a standby, default_transaction_read_only)
    if (code.startsWith('08') || /^57P0[1-5]$/.test(code)) return 'unavailable';
    if (code === '53100' || code === '53200' || code === '53300' || code === '25006')
      return 'unavailable';
    if (code === 'XX001' || code === 'XX002') return 'damaged';
  }
  if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return 'unavailable';
  return null;
}

/**
 * The errors that came out of the PostgreSQL driver (a connection or a query): only those are
 * read for socket codes, so that a refused connection to the bank or the SMS provider is never
 * taken for the database being away.
 */
const postgresErrors = new WeakSet<object>();

function fromPostgres(err: unknown): never {
  if (err !== null && typeof err === 'object') postgresErrors.add(err);
  throw err;
}
