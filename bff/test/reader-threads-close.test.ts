import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/data/open-database.js';

/**
 * Closing the SQLite reader threads (lib/thread-pool.ts): each thread is asked to end after the
 * reads it has, closes its connection and ends by itself, promptly and with its reads answered,
 * rather than being terminated in the middle of a native call (which can abort the process).
 */
describe.skipIf(process.env.TEST_DATABASE_URL !== undefined)('closing the reader threads', () => {
  it('answers the reads under way, then the threads end by themselves within a second', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'readers-close-'));
    try {
      const db = await openDatabase({ databaseUrl: null, dataDir });
      const reads = Array.from({ length: 40 }, (_, i) =>
        sql<{ n: number }>`SELECT ${i} AS n`.execute(db.reads()),
      );
      const started = Date.now();
      const [answers] = await Promise.all([Promise.all(reads), db.close()]);
      expect(answers.map((a) => Number(a.rows[0]!.n))).toEqual(
        Array.from({ length: 40 }, (_, i) => i),
      );
      // a thread that had to be terminated would take the 5 s allowance
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
