import type BetterSqlite3 from 'better-sqlite3';

/**
 * A connection's prepared statements, kept per SQL text: Kysely prepares each query anew, which
 * costs more than running it. Past `size` texts the cache starts again (a bound, not an LRU: the
 * portal's queries are a few hundred fixed texts). Used by the main connection (engines.ts) and
 * by each reader thread (sqlite-reader-worker.ts).
 */
export function statementCache(
  connection: BetterSqlite3.Database,
  size: number,
): (sql: string) => BetterSqlite3.Statement {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return (sql) => {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= size) statements.clear();
      statement = connection.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
}
