import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { Kysely, sql, type Transaction } from 'kysely';
import { TransactionEnded, type Database } from './database.js';
import { probeDatabase } from './database-probe.js';
import { isRetryableConflict, openEngine } from './engines.js';
import { runMigrations } from './migrations/runner.js';
import type { Tables } from './schema.js';

const MAX_ATTEMPTS = 8;

export interface OpenOptions {
  /** postgres://… for PostgreSQL; null or anything else for SQLite under dataDir. */
  databaseUrl: string | null;
  dataDir: string;
  fileName?: string;
  poolSize?: number;
  /** Apply pending migrations (default true). */
  migrate?: boolean;
}

/** Opens the database (SQLite or PostgreSQL) and brings its schema up to date. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const parts = openEngine(options);
  const kysely = new Kysely<Tables>({ dialect: parts.dialect });
  const readers = parts.readDialect ? new Kysely<Tables>({ dialect: parts.readDialect }) : null;
  const current = new AsyncLocalStorage<Transaction<Tables>>();
  let retries = 0;
  let savepoints = 0;
  const atOnce = parts.runAtOnce;

  const database: Database = {
    engine: parts.engine,
    q: () => current.getStore() ?? kysely,
    reads: () => current.getStore() ?? readers ?? kysely,
    inTransaction: () => current.getStore() !== undefined,
    runAtOnce: atOnce
      ? (text, parameters) => (current.getStore() === undefined ? atOnce(text, parameters) : null)
      : () => null,
    async lock(name) {
      if (!current.getStore()) throw new Error('lock() outside a transaction');
      if (parts.engine === 'postgres') {
        await sql`SELECT pg_advisory_xact_lock(hashtext(${name}))`.execute(database.q());
      }
    },
    rowLocks: parts.engine === 'postgres',
    async transaction<T>(fn: () => Promise<T>): Promise<T> {
      if (current.getStore()) return fn();
      for (let attempt = 1; ; attempt++) {
        try {
          return await kysely.transaction().execute((trx) => current.run(trx, fn));
        } catch (err) {
          if (!isRetryableConflict(err) || attempt >= MAX_ATTEMPTS) throw err;
          retries++;
          // a little random wait, growing, so the same two transactions do not meet again
          await delay(Math.random() * 5 * attempt);
        }
      }
    },
    async savepoint<T>(fn: () => Promise<T>): Promise<T> {
      const trx = current.getStore();
      if (!trx) throw new Error('savepoint() outside a transaction');
      const name = sql.raw(`sp${++savepoints}`);
      await sql`SAVEPOINT ${name}`.execute(trx);
      let value: T;
      try {
        value = await fn();
      } catch (err) {
        try {
          await sql`ROLLBACK TO SAVEPOINT ${name}`.execute(trx);
          await sql`RELEASE SAVEPOINT ${name}`.execute(trx);
        } catch {
          throw new TransactionEnded(err);
        }
        throw err;
      }
      await sql`RELEASE SAVEPOINT ${name}`.execute(trx);
      return value;
    },
    async execScript(script) {
      await parts.execScript(script, async (text) => {
        await sql.raw(text).execute(database.q());
      });
    },
    sqliteHandle: parts.sqlite,
    describe: parts.describe,
    sqliteFile: parts.file?.file ?? null,
    fileGone: () => parts.file?.moved() ?? null,
    probe: (probeOptions) => probeDatabase(database, parts, probeOptions?.write ?? false),
    retries: () => retries,
    waiting: () => parts.waiting(),
    statements: () => parts.statements(),
    async close() {
      await readers?.destroy();
      await kysely.destroy();
    },
  };
  if (options.migrate !== false) {
    try {
      await runMigrations(database);
    } catch (err) {
      await database.close();
      throw err;
    }
  }
  return database;
}
