import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/data/database.js';
import { createEnrolmentsRepo } from '../src/data/enrolments-repo.js';
import { createStaffLists } from '../src/data/lists/index.js';
import { openTestDatabase, testEngine } from './helpers/test-database.js';

/**
 * Staff lists read beside the writes (Database.reads(): SQLite's reader threads with their own
 * connections, PostgreSQL's pool): a search never waits for a transaction in progress, never shows
 * what it has not committed, and shows it as soon as it has.
 */
describe('staff lists read beside the writes', () => {
  let dataDir: string;
  let db: Database;
  let drop: () => Promise<void>;
  let repo: ReturnType<typeof createEnrolmentsRepo>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-reads-'));
    ({ db, drop } = await openTestDatabase(dataDir));
    repo = createEnrolmentsRepo(db);
    await repo.insert({
      first_name: 'Uxía',
      last_name: 'Núñez Rey',
      dni: '12345678Z',
      email: null,
      phone: '600000001',
    });
  });
  afterAll(async () => {
    await db.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const searchNunez = () =>
    createStaffLists(db).enrolments.page({
      q: 'nunez',
      sort: 'last_name',
      order: 'asc',
      page: { number: 1, size: 10 },
    });
  const names = (result: Awaited<ReturnType<typeof searchNunez>>) =>
    result.rows.map((row) => row.first_name);

  it('answers while a write is in progress, without its uncommitted rows, then with them', async () => {
    let inserted!: () => void;
    let release!: () => void;
    const insertedNow = new Promise<void>((resolve) => (inserted = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    let seenInside: string[] = [];
    const writing = db.transaction(async () => {
      await repo.insert({
        first_name: 'Brais',
        last_name: 'Núñez Lago',
        dni: '87654321X',
        email: null,
        phone: '600000002',
      });
      // the transaction's own reads see its own writes
      seenInside = names(await searchNunez());
      inserted();
      await released;
    });
    await insertedNow;
    const during = await Promise.race([searchNunez(), delay(5_000).then(() => 'waited' as const)]);
    release();
    await writing;

    expect(during).not.toBe('waited');
    if (during === 'waited') return;
    expect(names(during)).toEqual(['Uxía']);
    expect(during.total).toBe(1);
    expect(seenInside.sort()).toEqual(['Brais', 'Uxía']);
    const after = await searchNunez();
    expect(names(after).sort()).toEqual(['Brais', 'Uxía']);
    expect(after.total).toBe(2);
  });

  it.runIf(testEngine === 'sqlite')(
    'refuses a write sent to the reader threads, changes nothing and goes on reading',
    async () => {
      const write = db
        .reads()
        .insertInto('enrolments')
        .values({
          first_name: 'Antía',
          last_name: 'Núñez Souto',
          dni: '11111111H',
          email: null,
          phone: '600000003',
          search_key: 'antia nunez souto',
        })
        .execute();
      await expect(write).rejects.toThrow('a reader thread only runs statements that read');
      await expect(repo.findByDni('11111111H')).resolves.toBeUndefined();
      await expect(searchNunez()).resolves.toMatchObject({ total: 2 });
    },
  );
});
