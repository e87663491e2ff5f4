import { accessSync, constants, statSync } from 'node:fs';
import { dirname } from 'node:path';

/** A write refused because the SQLite file at its path is no longer the one this process opened. */
export class DatabaseFileMoved extends Error {}

const codeOf = (err: unknown) => (err as { code?: string }).code ?? String(err);

/**
 * The SQLite file this process opened, known by what identifies it (device and inode). A file
 * deleted under the running server (a mistaken `rm`, a restore that replaced it) stays open: the
 * connection goes on reading and writing a file nobody will open again, every write "succeeds",
 * and the next start finds none of it. So its path is compared with what was opened.
 */
export function sqliteFileWatch(file: string) {
  const opened = statSync(file);

  /** Why the file at the path is not the open one (deleted, replaced); null when it is. One stat. */
  const moved = (): string | null => {
    let now;
    try {
      now = statSync(file, { throwIfNoEntry: false });
    } catch (err) {
      return `${file} cannot be looked at (${codeOf(err)})`;
    }
    if (!now) return `${file} was deleted while the server had it open`;
    if (now.ino !== opened.ino || now.dev !== opened.dev)
      return `${file} was replaced by another file while the server had it open`;
    return null;
  };

  return {
    file,
    moved,
    assertInPlace(): void {
      const why = moved();
      if (why) throw new DatabaseFileMoved(why);
    },
    /**
     * Why the file or its folder cannot be written, seen without writing: a read-only file
     * system, or permissions (for a user other than root: root's writes pass any permission).
     * SQLite writes beside the file (its -wal and -shm, a journal), hence the folder too.
     */
    unwritable(): string | null {
      for (const path of [file, dirname(file)]) {
        try {
          accessSync(path, constants.W_OK);
        } catch (err) {
          return `${path} cannot be written (${codeOf(err)})`;
        }
      }
      return null;
    },
  };
}

export type SqliteFileWatch = ReturnType<typeof sqliteFileWatch>;
