import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/data/db.js';
import { OTHER_WRITERS_CHECK_MS, readCacheFor } from '../src/data/read-cache.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('read cache', () => {
  let dir: string;
  let db: Db;
  let reads: number;
  const name = () =>
    readCacheFor(db).read('activity:1', () => {
      reads++;
      return db.prepare('SELECT name FROM activities WHERE id = 1').pluck().get() as string;
    });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'read-cache-'));
    db = openDatabase(dir);
    db.prepare("INSERT INTO activities (id, name, price_cents) VALUES (1, 'Natación', 3000)").run();
    reads = 0;
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers repeated reads from memory while nothing changes', () => {
    expect(name()).toBe('Natación');
    expect(name()).toBe('Natación');
    expect(reads).toBe(1);
  });

  it("sees this connection's writes on the very next read", () => {
    expect(name()).toBe('Natación');
    db.prepare("UPDATE activities SET name = 'Pádel' WHERE id = 1").run();
    expect(name()).toBe('Pádel');
    expect(reads).toBe(2);
  });

  it("sees another connection's committed writes within the check interval", async () => {
    expect(name()).toBe('Natación');
    const other = new Database(join(dir, 'portal.sqlite'));
    other.prepare("UPDATE activities SET name = 'Yoga' WHERE id = 1").run();
    other.close();
    await sleep(OTHER_WRITERS_CHECK_MS + 5);
    expect(name()).toBe('Yoga');
  });

  it('never keeps what a transaction read before rolling back', () => {
    expect(name()).toBe('Natación');
    expect(() =>
      db.transaction(() => {
        db.prepare("UPDATE activities SET name = 'Borrador' WHERE id = 1").run();
        expect(name()).toBe('Borrador');
        throw new Error('roll back');
      })(),
    ).toThrow('roll back');
    expect(name()).toBe('Natación');
  });

  it('hands out frozen rows, so a caller cannot change what the next one gets', () => {
    const rows = readCacheFor(db).read('all', () =>
      db.prepare<[], { id: number; name: string }>('SELECT id, name FROM activities').all(),
    );
    expect(() => {
      (rows[0] as { name: string }).name = 'x';
    }).toThrow(TypeError);
    expect(() => (rows as unknown[]).push({})).toThrow(TypeError);
  });

  it('keeps an answer worked out while nothing changed, until the next change', () => {
    const cache = readCacheFor(db);
    const { value, version } = cache.recall('answer');
    expect(value).toBeUndefined();
    cache.keep('answer', 'Natación', version);
    expect(cache.recall('answer').value).toBe('Natación');
    db.prepare("UPDATE activities SET name = 'Pádel' WHERE id = 1").run();
    expect(cache.recall('answer').value).toBeUndefined();
  });

  it('does not keep an answer when the database changed while it was worked out', () => {
    const cache = readCacheFor(db);
    const { version } = cache.recall('answer');
    const stale = name();
    // another call's write lands between the reads and keep
    db.prepare("UPDATE activities SET name = 'Pádel' WHERE id = 1").run();
    cache.keep('answer', stale, version);
    expect(cache.recall('answer').value).toBeUndefined();
  });
});
