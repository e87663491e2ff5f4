import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { Database, DatabaseProblem } from '../data/database.js';
import type { Logger } from '../logger.js';
import { unavailable } from './errors.js';

/** How often a running server looks at its database (a stat, a query, a write that changes nothing). */
export const DATABASE_WATCH_EVERY_MS = 5_000;
/** What a caller is told to wait when the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const databaseUnavailable = () =>
  unavailable('database_unavailable', DATABASE_RETRY_AFTER_SECONDS);

/**
 * Keeps an eye on the database so that a server whose database goes away says so in the log at
 * once, reports not ready, and refuses calls while its SQLite file is gone: a timer every few
 * seconds (a write probe, so that a disk that refuses writes shows before a resident meets it),
 * a watch of the SQLite file's folder (its deletion or replacement is seen as it happens), and
 * any call that met a "cannot reach or write" error (`suspect`). One line when it goes (and when
 * the reason changes: "shutting down", then "connection refused"), one when it is back. Timers
 * and the folder watch never keep the process alive; `stop` ends them.
 */
export function createDatabaseWatch(deps: { db: Database; logger: Logger }) {
  const { db, logger } = deps;
  /** What the last probe that wrote found: a disk refusing writes shows only to a write. */
  let writeProblem: DatabaseProblem | null = null;
  /** What was last logged (null: the database was fine). */
  let reported: DatabaseProblem | null = null;
  let writing: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let folder: FSWatcher | null = null;

  const report = (problem: DatabaseProblem | null) => {
    if (problem && problem.detail !== reported?.detail) {
      logger.error(`database unavailable: ${problem.detail}`, {
        kind: problem.kind,
        database: db.describe,
        ...(problem.kind === 'gone'
          ? {
              action:
                'every call is answered 503 until the server restarts: put the file back or restore the last backup (docs/operations.md, Backups), then restart',
            }
          : {}),
      });
    } else if (!problem && reported) {
      logger.info('database available again', { database: db.describe });
    }
    reported = problem;
  };

  /** A look that also writes (one at a time: it may wait behind a long transaction). */
  const checkWriting = (): Promise<unknown> =>
    (writing ??= db
      .probe({ write: true })
      .then((found) => {
        writeProblem = found;
        report(found);
      })
      .catch(() => {})
      .finally(() => {
        writing = null;
      }));

  /**
   * A fresh look without writing, with what the last write found; while writes were refused, a
   * write first, so that the load balancer sees a recovered disk at its next look.
   */
  const check = async (): Promise<DatabaseProblem | null> => {
    if (writeProblem) await checkWriting();
    const problem = (await db.probe()) ?? writeProblem;
    report(problem);
    return problem;
  };

  return {
    /** The database's state now (a fresh probe without writing, and what the last write found). */
    check,
    /** A call met an error meaning the database cannot be reached or written: look now. */
    suspect(): void {
      void checkWriting();
    },
    /** Throws database_unavailable while the SQLite file is gone (every /api call but /health). */
    refuseWhileGone(): void {
      const gone = db.fileGone();
      if (!gone) return;
      if (reported?.kind !== 'gone') report({ kind: 'gone', detail: gone });
      throw databaseUnavailable();
    },
    start(): void {
      if (timer) return;
      timer = setInterval(() => void checkWriting(), DATABASE_WATCH_EVERY_MS);
      timer.unref();
      if (db.sqliteFile) {
        const name = basename(db.sqliteFile);
        try {
          // 'rename': a file of the folder appeared or went (each write's 'change' is no news)
          folder = watch(dirname(db.sqliteFile), { persistent: false }, (event, changed) => {
            if (event === 'rename' && (changed === null || String(changed).startsWith(name)))
              void check().catch(() => {});
          });
          // the folder itself deleted: the timer still looks every few seconds
          folder.on('error', () => folder?.close());
        } catch {
          folder = null;
        }
      }
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
      folder?.close();
      folder = null;
    },
  };
}

export type DatabaseWatch = ReturnType<typeof createDatabaseWatch>;
