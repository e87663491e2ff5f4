import type BetterSqlite3 from 'better-sqlite3';

/**
 * A statement that runs, outside a transaction, with `synchronous = NORMAL` and then puts the
 * connection back to `FULL`: its commit is not followed by an fsync of the WAL. For a count whose
 * loss in a power cut harms nothing (`durable: false` in compiled-query.ts: the throttles'
 * buckets, which every login and checkout writes several times).
 *
 * Why it is safe: in WAL mode a commit without the fsync is still whole after a crash of the
 * process (the WAL is in the operating system's hands); only a power cut or a crash of the
 * machine can lose it, and then only it and what came after it without an fsync: the next
 * durable commit's fsync writes out the whole WAL up to itself, these frames included, and a
 * durable commit acknowledged before is already on disk. Why it matters: better-sqlite3 is
 * synchronous, so each fsync holds the event loop; on deadline day the buckets' 18,000 fsyncs
 * kept the main thread blocked for seconds, and the password thread waited for work
 * (docs/performance.md, deadline day). All of it runs in one synchronous step (switch, run,
 * switch back): no other call's statement can run in between.
 */
export function notDurable(
  connection: BetterSqlite3.Database,
): (statement: BetterSqlite3.Statement) => BetterSqlite3.Statement {
  // pragma() prepares each time (5 µs): a kept PRAGMA statement applies its setting when it is
  // prepared, not on its first run, so reusing one would depend on that order
  const unsynced =
    <A extends unknown[], T>(run: (...args: A) => T) =>
    (...args: A): T => {
      connection.pragma('synchronous = NORMAL');
      try {
        return run(...args);
      } finally {
        connection.pragma('synchronous = FULL');
      }
    };
  return (statement) =>
    ({
      reader: statement.reader,
      readonly: statement.readonly,
      source: statement.source,
      all: unsynced((...args: unknown[]) => statement.all(...args)),
      get: unsynced((...args: unknown[]) => statement.get(...args)),
      run: unsynced((...args: unknown[]) => statement.run(...args)),
    }) as unknown as BetterSqlite3.Statement;
}
