import {
  sql,
  type CompiledQuery,
  type Compilable,
  type QueryResult,
  type RawBuilder,
} from 'kysely';
import type { Database, Executor } from './database.js';
import type { Engine } from './engines.js';
import { NOT_DURABLE } from './sqlite-wal-flush.js';

/**
 * A hot path's statement, built by Kysely once per engine and run with each call's parameters.
 *
 * Building a query with Kysely (its immutable operation tree, then the dialect's compiler walking
 * it to SQL text) cost more than SQLite running it: 29 % of an authenticated read's time went to
 * building the same few statements again on every call (docs/performance.md, "Compiled
 * statements"). Here the builder runs once per engine, on first use (the dialect differs: `?`
 * or `$1`, and PostgreSQL's row locks), with a stand-in object for each named parameter; the
 * compiled SQL keeps the stand-ins in its parameter list, and each call only puts its values in
 * their places and runs the SQL through `executeQuery`: the same connection, transaction and
 * lock as any Kysely query (`db.q()`); on SQLite, outside a transaction and with the connection
 * free, it runs at once on it instead (`Database.runAtOnce`). The engines keep the statement
 * itself prepared, keyed by this one SQL text: better-sqlite3's `prepare` per connection
 * (sqlite-statements.ts), a named statement per PostgreSQL connection (engines.ts).
 *
 * Only for statements whose shape never changes between calls: a parameter is one value (a list
 * of ids of any length travels as one, `idsIn`). A parameter the builder reads itself (`p.x ? … :
 * …`) or that Kysely writes into the SQL text instead of binding it never reaches the parameter
 * list: compiling then fails, naming it. Kysely stays for everything else, where building per
 * call costs nothing that matters (staff screens, rare paths).
 */
export interface CompiledStatement<P, R> {
  /** The rows it returns (a select, or a write's `returning`). */
  rows(db: Database, params: P): Promise<R[]>;
  /** The first row, if any. */
  first(db: Database, params: P): Promise<R | undefined>;
  /** Runs it; its result as Kysely gives it (`numAffectedRows` of a write). */
  run(db: Database, params: P): Promise<QueryResult<R>>;
}

/** What the builder is told of the engine it builds for. */
export interface BuildFor {
  engine: Engine;
  /** SELECT … FOR UPDATE exists and is needed (PostgreSQL): as `Database.rowLocks`. */
  rowLocks: boolean;
}

/** A named parameter's stand-in in the compiled parameter list. */
class Slot {
  constructor(readonly name: string) {}
}

interface Template {
  query: CompiledQuery;
  /** Per placeholder: the parameter's name, or the constant the builder wrote. */
  slots: readonly (Slot | { constant: unknown })[];
}

/**
 * `build` gets the executor and `p`, whose every property is a parameter's stand-in (typed as
 * the value it stands for): `db.selectFrom('users').selectAll().where('id', '=', p.id)`, or a
 * `sql` template: sql`select … where id = ${p.id}`.
 */
export function compiledStatement<P extends object, R>(
  build: (db: Executor, p: P, target: BuildFor) => Compilable<R> | RawBuilder<R>,
  options: {
    /**
     * false for a write whose loss in a power cut harms nothing (a throttle's hits): run outside
     * a transaction on SQLite, its caller does not wait for the WAL's flush to disk
     * (sqlite-wal-flush.ts); a process crash still loses nothing. Inside a transaction the
     * transaction's commit decides, and PostgreSQL runs it as any write.
     */
    durable?: boolean;
  } = {},
): CompiledStatement<P, R> {
  const templates = new Map<Engine, Template>();
  const asked = new Set<string>();
  const stand = new Proxy({} as P, {
    get: (_, name) => {
      asked.add(String(name));
      return new Slot(String(name));
    },
  });

  function templateFor(db: Database): Template {
    let template = templates.get(db.engine);
    if (!template) {
      const executor = db.q();
      // a query builder's compile() takes nothing; a `sql` template's takes the executor
      const built = build(executor, stand, {
        engine: db.engine,
        rowLocks: db.rowLocks,
      }).compile(executor) as CompiledQuery;
      const query = options.durable === false ? { ...built, sql: NOT_DURABLE + built.sql } : built;
      template = {
        query,
        slots: query.parameters.map((value) =>
          value instanceof Slot ? value : { constant: value },
        ),
      };
      const bound = new Set(template.slots.map((slot) => (slot instanceof Slot ? slot.name : '')));
      const unbound = [...asked].filter((name) => !bound.has(name));
      if (unbound.length > 0)
        throw new Error(`compiled statement: ${unbound.join(', ')} not bound as parameters`);
      templates.set(db.engine, template);
    }
    return template;
  }

  /**
   * Runs it: at once on SQLite's free connection outside a transaction (`runAtOnce`: the same
   * statement, count and file check, without Kysely's driver chain of promises), else through
   * Kysely's `executeQuery` on `db.q()`, waiting its turn. A synchronous failure is a rejection,
   * as through Kysely.
   */
  function run(db: Database, params: P): Promise<QueryResult<R>> {
    try {
      const { query, slots } = templateFor(db);
      const parameters = new Array<unknown>(slots.length);
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i]!;
        if (slot instanceof Slot) {
          const value = (params as Record<string, unknown>)[slot.name];
          if (value === undefined) throw new Error(`compiled statement: no value for ${slot.name}`);
          parameters[i] = value;
        } else parameters[i] = slot.constant;
      }
      const done = db.runAtOnce(query.sql, parameters);
      if (done) return Promise.resolve(done as QueryResult<R>);
      return db.q().executeQuery<R>({
        query: query.query,
        queryId: query.queryId,
        sql: query.sql,
        parameters,
      });
    } catch (err) {
      return Promise.reject(err as Error);
    }
  }

  return {
    run,
    rows: (db, params) => run(db, params).then(rowsOf),
    first: (db, params) => run(db, params).then(firstOf),
  };
}

const rowsOf = <R>(result: QueryResult<R>): R[] => result.rows;
const firstOf = <R>(result: QueryResult<R>): R | undefined => result.rows[0];

/**
 * `column in idsIn(target, p.ids)`: a list of ids of any length as one parameter, the JSON text
 * of the array (`idList(ids)`), so the statement's text is the same whatever the list's length
 * and it is compiled and prepared once.
 */
export function idsIn(target: BuildFor, json: string): RawBuilder<number> {
  return target.engine === 'postgres'
    ? sql<number>`(select jsonb_array_elements_text(cast(${json} as jsonb))::bigint)`
    : sql<number>`(select value from json_each(${json}))`;
}

/**
 * `(a, b) in pairsIn(target, p.pairs)`: a list of id pairs of any length as one parameter, the
 * JSON text of `[[a, b], …]` (`idList` of pairs).
 */
export function pairsIn(target: BuildFor, json: string): RawBuilder<unknown> {
  return target.engine === 'postgres'
    ? sql`(select (v->>0)::bigint, (v->>1)::bigint from jsonb_array_elements(cast(${json} as jsonb)) as v)`
    : sql`(select value ->> 0, value ->> 1 from json_each(${json}))`;
}

/** The parameter `idsIn` and `pairsIn` read. */
export const idList = (ids: readonly (number | readonly number[])[]): string => JSON.stringify(ids);
