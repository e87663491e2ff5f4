import { deepFreeze } from '../lib/deep-freeze.js';
import type { Db } from './db.js';

export interface ReadCache {
  /** `load()`'s result for `key`, kept until the database next changes; shared, so frozen. */
  read<T>(key: string, load: () => T): T;
  /**
   * What `keep` stored under `key` while the database has not changed since (else undefined),
   * and the database's current version, to hand to `keep` once the answer is worked out.
   */
  recall<T>(key: string): { value: T | undefined; version: number };
  /**
   * Stores `value` under `key` until the database next changes, unless it changed since
   * `version`: then `value` may rest on what was read before that change. The caller no longer
   * edits `value`.
   */
  keep(key: string, value: unknown, version: number): void;
}

const caches = new WeakMap<Db, ReadCache>();

/**
 * How long a change committed by another process (the admin CLI, a test writing to SQLite) may
 * go unnoticed. Asking SQLite costs two file-lock system calls, which on every read would cost
 * about as much as the queries the cache saves.
 */
export const OTHER_WRITERS_CHECK_MS = 20;

/**
 * One cache per database connection for the reads every resident call repeats (the session row,
 * the people an account manages, their activities, the settings) and for the whole answers the
 * answer cache keeps (http/answer-cache.ts). A change made through this
 * connection empties it at once (total_changes, no system call), so a password change or a
 * deletion takes effect on the very next call; one committed by another connection empties it
 * within OTHER_WRITERS_CHECK_MS (PRAGMA data_version). Reads inside a transaction bypass it:
 * they may see writes that are later rolled back.
 */
export function readCacheFor(db: Db, maxEntries = 10_000): ReadCache {
  const existing = caches.get(db);
  if (existing) return existing;
  const ownChanges = db.prepare<[], number>('SELECT total_changes()').pluck();
  const otherChanges = db.prepare<[], number>('PRAGMA data_version').pluck();
  const entries = new Map<string, unknown>();
  let own = -1;
  let other = -1;
  let otherCheckedAt = -Infinity;
  /** Counts the changes seen, so `keep` can tell whether one happened since `recall`. */
  let version = 0;
  /** Empties the cache when the database changed since the last look. */
  function dropIfChanged(): void {
    const now = performance.now();
    const currentOwn = ownChanges.get() ?? 0;
    let currentOther = other;
    if (now - otherCheckedAt >= OTHER_WRITERS_CHECK_MS) {
      currentOther = otherChanges.get() ?? 0;
      otherCheckedAt = now;
    }
    if (currentOwn !== own || currentOther !== other) {
      entries.clear();
      own = currentOwn;
      other = currentOther;
      version += 1;
    }
  }
  function store(key: string, value: unknown): void {
    if (entries.size >= maxEntries) entries.clear();
    entries.set(key, value);
  }
  const cache: ReadCache = {
    read<T>(key: string, load: () => T): T {
      if (db.inTransaction) return load();
      dropIfChanged();
      if (entries.has(key)) return entries.get(key) as T;
      const value = deepFreeze(load());
      store(key, value);
      return value;
    },
    recall<T>(key: string) {
      if (db.inTransaction) return { value: undefined, version: -1 };
      dropIfChanged();
      return { value: entries.get(key) as T | undefined, version };
    },
    keep(key, value, since) {
      if (db.inTransaction) return;
      dropIfChanged();
      if (since === version) store(key, value);
    },
  };
  caches.set(db, cache);
  return cache;
}
