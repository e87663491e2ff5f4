import { open } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * The mark of a statement whose write need not wait for the disk (`durable: false` in
 * compiled-query.ts): the engine recognises it in the SQL text it is asked to run (engines.ts)
 * and answers the write without waiting for a flush. A comment, so either engine runs the text
 * as it is.
 */
export const NOT_DURABLE = '/* not durable */ ';

/**
 * The WAL could not be flushed: the write is not acknowledged. The code SQLite itself gives a
 * failed fsync, so it is answered as one (503 database_unavailable).
 */
export class WalFlushFailed extends Error {
  readonly code = 'SQLITE_IOERR_FSYNC';
  constructor(cause: unknown) {
    super(`the SQLite WAL could not be flushed to disk: ${(cause as Error)?.message ?? cause}`, {
      cause,
    });
  }
}

/**
 * The SQLite connection commits with `synchronous = NORMAL` (engines.ts): a commit writes its
 * frames to the WAL and does not wait for the disk, so nothing holds the event loop for an fsync
 * (better-sqlite3 is synchronous: with FULL each commit's fsync stopped every other call, and
 * on deadline day the main thread spent most of its time there while the password thread waited
 * for work; docs/performance.md). A write is acknowledged only once this has flushed the WAL to
 * the disk (fdatasync, on libuv's thread pool), so every acknowledged write still survives a
 * power cut, as with FULL: only the moment of the fsync moved, off the event loop and shared.
 *
 * One flush serves every commit made before it began: callers arriving while one runs wait for
 * the next, which starts when it ends (a commit written after a flush began may not be in it).
 * A process crash loses nothing either way: the frames are in the operating system's hands once
 * written. A checkpoint (SQLite's, on the connection) syncs the WAL before it copies frames into
 * the database file and the file after, so frames it moved out of the WAL are on disk already.
 */
export function walFlusher(databaseFile: string) {
  const wal = `${databaseFile}-wal`;
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  let flushes = 0;
  /** The WAL file whose name in its folder is known to be on disk (its inode). */
  let walOnDisk: number | null = null;

  async function fsyncFolder(): Promise<void> {
    const folder = await open(dirname(wal), 'r');
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
  }

  async function fdatasyncWal(): Promise<void> {
    let handle;
    try {
      handle = await open(wal, 'r');
    } catch (err) {
      // no WAL: SQLite checkpointed it away and synced the database file itself
      if ((err as { code?: string }).code === 'ENOENT') return;
      throw err;
    }
    try {
      await handle.datasync();
      // a WAL new since the last flush: its name in the folder must reach the disk too, or a
      // power cut could lose the whole file with the writes in it
      const { ino } = await handle.stat();
      if (ino !== walOnDisk) {
        await fsyncFolder();
        walOnDisk = ino;
      }
      flushes++;
    } finally {
      await handle.close();
    }
  }

  function start(): Promise<void> {
    running = fdatasyncWal()
      .catch((err: unknown) => {
        throw new WalFlushFailed(err);
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    /** Resolves once every commit made before the call is on the disk. */
    flush(): Promise<void> {
      if (!running) return start();
      // the flush under way may have begun before this commit: the one after it covers it,
      // whether the one under way succeeds or fails
      const after = () => {
        next = null;
        return start();
      };
      next ??= running.then(after, after);
      return next;
    },
    /** WAL flushes done since the database was opened (tests: writes share them). */
    flushes: () => flushes,
  };
}

export type WalFlusher = ReturnType<typeof walFlusher>;
