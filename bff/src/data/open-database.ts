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
  /** Per transaction, how many savepoints are open inside each other now. */
  const depth = new WeakMap<Transaction<Tables>, number>();
  /**
   * PostgreSQL: each statement is a round trip, and group commit runs a savepoint per call while
   * its batch holds a row lock (group-commit.ts). There a savepoint's RELEASE waits, and goes with
   * the next SAVEPOINT in one round trip, or is never sent: COMMIT commits a savepoint still
   * unreleased with the rest, and ROLLBACK undoes it with the rest. Statements run meanwhile
   * run inside it, which changes nothing: a failure outside a savepoint ends the whole
   * transaction either way. Nothing differs but when the RELEASE is sent.
   * SQLite runs in-process and prepares one statement at a time: it sends each at once.
   */
  const together = parts.engine === 'postgres';
  /** Per transaction, the savepoint whose RELEASE waits for the next SAVEPOINT (PostgreSQL). */
  const unreleased = new WeakMap<Transaction<Tables>, string>();
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
      // PostgreSQL runs several statements without parameters in one round trip
      const send = async (...statements: string[]) => {
        if (together) await sql.raw(statements.join('; ')).execute(trx);
        else for (const statement of statements) await sql.raw(statement).execute(trx);
      };
      // named by how deep it is, not one name each: the same few texts on every call, which
      // SQLite keeps prepared (sqlite-statements.ts); a name each filled that cache with texts
      // used once, and it was emptied, every statement prepared anew, every 250 applications
      const level = (depth.get(trx) ?? 0) + 1;
      const name = `sp${level}`;
      depth.set(trx, level);
      try {
        const earlier = unreleased.get(trx);
        unreleased.delete(trx);
        if (earlier) await send(`RELEASE SAVEPOINT ${earlier}`, `SAVEPOINT ${name}`);
        else await send(`SAVEPOINT ${name}`);
        let value: T;
        try {
          value = await fn();
        } catch (err) {
          // a savepoint fn left unreleased is inside this one: it goes with this one
          unreleased.delete(trx);
          try {
            await send(`ROLLBACK TO SAVEPOINT ${name}`, `RELEASE SAVEPOINT ${name}`);
          } catch {
            throw new TransactionEnded(err);
          }
          throw err;
        }
        if (together) unreleased.set(trx, name);
        else await send(`RELEASE SAVEPOINT ${name}`);
        return value;
      } finally {
        depth.set(trx, level - 1);
      }
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
    walFlushes: () => parts.walFlushes(),
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
