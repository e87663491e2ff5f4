import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/data/database.js';
import { containsFolded } from '../src/data/list-query.js';
import { openTestDatabase, testEngine } from './helpers/test-database.js';

/**
 * PostgreSQL keeps query shapes prepared on each connection (engines.ts). A search's best plan
 * depends on its text: a long one reads the trigram index, a one-letter one is cheaper as a scan.
 * So a search is planned for its own text on every call, never with a generic plan that
 * PostgreSQL may keep for a prepared statement after five calls.
 */
describe.runIf(testEngine === 'postgres')('PostgreSQL plans each search for its text', () => {
  let dataDir: string;
  let db: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-plans-'));
    ({ db, drop } = await openTestDatabase(dataDir));
  });
  afterAll(async () => {
    await db.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('never runs a search with a generic plan', async () => {
    const texts = [...Array<string>(8).fill('nunez'), 'a', 'ma'];
    const genericPlans = await db.transaction(async () => {
      // one connection: a transaction's calls run on its connection, with its kept statements
      for (const q of texts) {
        await db
          .q()
          .selectFrom('enrolments')
          .select('id')
          .where(containsFolded('search_key', q))
          .execute();
      }
      const { rows } = await sql<{ generic: string | null }>`
        select sum(generic_plans) as generic from pg_prepared_statements
        where statement like '%"search_key" like $1%'`.execute(db.q());
      return Number(rows[0]?.generic ?? 0);
    });
    expect(genericPlans).toBe(0);
  });
});
