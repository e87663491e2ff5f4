import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/data/database.js';
import { circumstanceRequestsQueries } from '../../src/data/lists/circumstance-requests.js';
import { openTestDatabase, testEngine } from '../helpers/test-database.js';

const PEOPLE = 20_000;

/**
 * 20,000 people each with an approval from an import, one in ten with a request pending instead
 * (2,000, as in bench/fees.mjs), then analysed: a clerk deep in the queue (page 150) gets the
 * page's ids from the requests alone, then the names of those rows only. Joined before the
 * OFFSET, PostgreSQL joined all 2,000 pending requests with every person (a hash join over a
 * scan of enrolments) and sorted them to keep ten.
 */
describe('a deep page of the review queue', () => {
  let db: Database;
  let drop: () => Promise<void>;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-queue-deep-'));
    ({ db, drop } = await openTestDatabase(dataDir));
    const series =
      testEngine === 'postgres'
        ? sql`select g from generate_series(1, ${PEOPLE}) g`
        : sql`with recursive s(g) as (select 1 union all select g + 1 from s where g < ${PEOPLE}) select g from s`;
    await db.transaction(async () => {
      await sql`insert into circumstances (id, name_es, name_en, name_gl, proof_es, proof_en,
          proof_gl, validity_months, review, created_at, updated_at)
        values (1, 'Empadronado', 'Registered', 'Empadroado', 'x', 'x', 'x', 12, 'staff',
          '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`.execute(db.q());
      await sql`insert into enrolments (id, first_name, last_name, dni, email, phone,
          search_key, last_name_key, first_name_key)
        select g, 'Persoa ' || g, 'Proba', null, null, '600000000',
          'persoa ' || g || ' proba', 'proba', 'persoa ' || g
        from (${series}) s`.execute(db.q());
      await sql`insert into circumstance_requests (enrolment_id, circumstance_id, source,
          status, valid_until, created_at, updated_at)
        select g, 1, 'import',
          case when g % 10 = 0 then 'pending' else 'approved' end,
          case when g % 10 = 0 then null else '2027-06-30' end,
          '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'
        from (${series}) s`.execute(db.q());
    });
    await sql`analyze`.execute(db.q());
  });
  afterAll(async () => {
    await db.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a deep page joins the names of its own ten rows, never the whole enrolments table', async () => {
    const { page } = circumstanceRequestsQueries(
      db,
      { q: null, page: null },
      'pending',
      '2026-11-21',
    );
    // page 150 of ten
    const compiled = page(10, 1490).compile();
    const explain = testEngine === 'postgres' ? 'explain' : 'explain query plan';
    const result = await db
      .q()
      .executeQuery(CompiledQuery.raw(`${explain} ${compiled.sql}`, [...compiled.parameters]));
    const text = result.rows
      .map((row) => String(Object.values(row as Record<string, unknown>).at(-1)))
      .join('\n');
    if (testEngine === 'postgres') {
      expect(text).not.toMatch(/Seq Scan on enrolments/);
      expect(text).toMatch(/Index Scan using enrolments_pkey on enrolments e/);
    } else {
      expect(text).not.toMatch(/SCAN e\b/);
      expect(text).toMatch(/SEARCH e USING INTEGER PRIMARY KEY/);
    }
  });
});
