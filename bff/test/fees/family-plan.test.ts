import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/data/database.js';
import { familyFeesQuery } from '../../src/data/fees-repo.js';
import { openTestDatabase, testEngine } from '../helpers/test-database.js';

const PEOPLE = 20_000;

/**
 * 20,000 people in families of two, each with two fees of one fee group, then analysed: a
 * person's family fees are read from the person's own links, never from the fee group's (which
 * reads every fee of the group: at 10,000 people 12 ms a call on SQLite instead of 0.1).
 */
describe('a family’s fees are read from the person, not from the fee group', () => {
  let db: Database;
  let drop: () => Promise<void>;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-family-plan-'));
    ({ db, drop } = await openTestDatabase(dataDir));
    const series =
      testEngine === 'postgres'
        ? sql`select g from generate_series(1, ${PEOPLE}) g`
        : sql`with recursive s(g) as (select 1 union all select g + 1 from s where g < ${PEOPLE}) select g from s`;
    await db.transaction(async () => {
      for (const id of [1, 2, 3, 4])
        await sql`insert into activities (id, name, price_cents, start_date, fee_group)
          values (${id}, ${`Escola ${id}`}, 4000, '2026-10-01', 'Escolas 2026-27')`.execute(db.q());
      await sql`insert into enrolments (id, first_name, last_name, dni, email, phone,
          search_key, last_name_key, first_name_key, birth_date)
        select g, 'Persoa ' || g, 'Proba', null, null, '600000000',
          'persoa ' || g || ' proba', 'proba', 'persoa ' || g, '2015-01-01'
        from (${series}) s`.execute(db.q());
      await sql`insert into users (id, dni, phone, email, password_hash, role, verified)
        select g, 'U' || g, '600000000', null, 'x', 'user', 1
        from (${series}) s where g % 2 = 0`.execute(db.q());
      await sql`insert into user_persons (user_id, enrolment_id)
        select g + (g % 2), g from (${series}) s`.execute(db.q());
      await sql`insert into enrolment_activities (enrolment_id, activity_id)
        select g, 1 + (g % 4) from (${series}) s
        union all select g, 1 + ((g + 1) % 4) from (${series}) s`.execute(db.q());
    });
    await sql`analyze`.execute(db.q());
  });
  afterAll(async () => {
    await db.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts from the person’s accounts, through keys, and reads no group', async () => {
    const compiled = familyFeesQuery(db, 1234).compile();
    const explain = testEngine === 'postgres' ? 'explain' : 'explain query plan';
    const result = await db
      .q()
      .executeQuery(CompiledQuery.raw(`${explain} ${compiled.sql}`, [...compiled.parameters]));
    const plan = result.rows
      .map((row) => {
        const values = Object.values(row as Record<string, unknown>);
        return String(values[values.length - 1]);
      })
      .join('\n');
    expect(plan).toMatch(/user_persons_enrolment/);
    expect(plan).not.toMatch(/activities_fee_group|enrolment_activities_by_activity/);
    expect(plan).not.toMatch(/Seq Scan on (enrolment_activities|user_persons|enrolments)\b/);
    expect(plan).not.toMatch(/SCAN (ea|up|me|e)\b/);
    // and it answers the family: the person and the other one of the account, two fees each
    const fees = await db.q().executeQuery(compiled);
    expect(new Set(fees.rows.map((row) => (row as { enrolment_id: number }).enrolment_id))).toEqual(
      new Set([1233, 1234]),
    );
  });
});
