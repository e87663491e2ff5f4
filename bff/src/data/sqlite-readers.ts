import {
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import { createThreadPool } from '../lib/thread-pool.js';

export interface ReadJob {
  sql: string;
  parameters: readonly unknown[];
}

/**
 * A Kysely dialect whose queries run on `threads` reader threads (sqlite-reader-worker.ts), each
 * with its own read-only connection to the SQLite file: the staff lists' searches and counts,
 * which grow with the tables, run beside the main thread and beside each
 * other instead of holding the event loop that serves every other call. Reads only, outside
 * transactions (a transaction's reads stay on its own connection: `Database.reads()`).
 */
export function createSqliteReadersDialect(
  file: string,
  threads: number,
  sent: { statements: number },
) {
  const pool = createThreadPool<ReadJob, Record<string, unknown>[]>({
    callerUrl: import.meta.url,
    module: 'sqlite-reader-worker',
    workerData: { file },
    threads,
    name: 'SQLite reader',
  });
  const connection: DatabaseConnection = {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      sent.statements++;
      const rows = await pool.run({ sql: query.sql, parameters: query.parameters });
      return { rows: rows as R[] };
    },
    // eslint-disable-next-line require-yield
    async *streamQuery() {
      throw new Error('the SQLite readers do not stream');
    },
  };
  const readOnly = () => Promise.reject(new Error('the SQLite readers only read'));
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: readOnly,
    commitTransaction: readOnly,
    rollbackTransaction: readOnly,
    releaseConnection: async () => {},
    destroy: () => pool.close(),
  };
  const dialect: Dialect = {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => driver,
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
  return dialect;
}
