import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/data/database.js';
import { containsFolded } from '../src/data/lists/query.js';
import { openTestDatabase, testEngine } from './helpers/test-database.js';

/** A migrated database of the calling describe block's own, filled by `seed`, then dropped. */
function ownDatabase(seed: (db: Database) => Promise<void> = async () => {}) {
  const own = {} as { db: Database; drop: () => Promise<void>; dataDir: string };
  beforeAll(async () => {
    own.dataDir = mkdtempSync(join(tmpdir(), 'portal-plans-'));
    Object.assign(own, await openTestDatabase(own.dataDir));
    await seed(own.db);
  });
  afterAll(async () => {
    await own.db.close();
    await own.drop();
    rmSync(own.dataDir, { recursive: true, force: true });
  });
  return own;
}

/**
 * PostgreSQL keeps query shapes prepared on each connection (engines.ts). A search's best plan
 * depends on its text: a long one reads the trigram index, a one-letter one is cheaper as a scan.
 * So a search is planned for its own text on every call, never with a generic plan that
 * PostgreSQL may keep for a prepared statement after five calls.
 */
describe.runIf(testEngine === 'postgres')('PostgreSQL plans each search for its text', () => {
  const own = ownDatabase();

  it('never runs a search with a generic plan', async () => {
    const { db } = own;
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

/** 20,000 people as the import writes them, one in nine called María, then vacuumed. */
async function seedPeople(db: Database): Promise<void> {
  await db.transaction(async () => {
    // committed to disk before the vacuum (the test server commits asynchronously), so that the
    // vacuum can mark the pages all-visible, as it would on a production server
    await sql`set local synchronous_commit = on`.execute(db.q());
    await sql`
      insert into enrolments
        (first_name, last_name, dni, email, phone, search_key, last_name_key, first_name_key)
      select name || ' ' || g, 'Pérez Souto', dni, 'persoa' || g || '@example.gal', phone,
        lower(name) || ' ' || g || ' perez souto' || chr(1) || lower(dni) || chr(1) || phone
          || chr(1) || 'persoa' || g || '@example.gal',
        'perez souto', lower(name) || ' ' || g
      from generate_series(1, 20000) g,
        lateral (select case when g % 9 = 0 then 'Maria' else 'Lucia' end as name,
          lpad(g::text, 8, '0') || 'T' as dni, '6' || lpad(g::text, 8, '0') as phone) v
    `.execute(db.q());
  });
  // as autovacuum leaves a table that has been written to: statistics and visibility map
  await sql`vacuum analyze enrolments`.execute(db.q());
}

/**
 * A one- or two-letter search (no trigram index can answer it) looks at every person's search key.
 * The name indexes hold the key (migration 160), so the page's ids sorted by name are read from a
 * name index alone, without reading from the table each row the page skips.
 */
describe.runIf(testEngine === 'postgres')(
  'PostgreSQL reads a short search from a name index',
  () => {
    const own = ownDatabase(seedPeople);

    it('finds the page ids by an index-only scan of the name index', async () => {
      const plan = async (statement: ReturnType<typeof sql>) => {
        const { rows } = await sql<{
          'QUERY PLAN': string;
        }>`explain ${statement}`.execute(own.db.q());
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      };
      const contains = containsFolded('e.search_key', 'ma');
      for (const order of [
        'e.last_name_key, e.first_name_key, e.id',
        'e.first_name_key desc, e.last_name_key desc, e.id desc',
      ]) {
        expect(
          await plan(
            sql`select e.id from enrolments e where ${contains}
              order by ${sql.raw(order)} limit 10 offset 20`,
          ),
          order,
        ).toMatch(/Index Only Scan (Backward )?using enrolments_by_(last|first)_name/);
      }
    });
  },
);

/**
 * 20,000 items sent to the bank over six collections (10,000 people, two fees each), most
 * collected, then analysed as autovacuum would leave them: a checkout asks, for each person it
 * pays for, whether the bank holds one of the chosen fees (remittances-repo.ts
 * `feesWithTheBank`). It reads that person's items from their index (migration 570), not every
 * item ever sent.
 */
describe.runIf(testEngine === 'postgres')(
  'PostgreSQL finds a person’s fees with the bank by the remittance items’ person index',
  () => {
    const own = ownDatabase(async (db) => {
      await sql`
        insert into mandates (reference, holder_name, holder_dni, iban_masked, creditor_id,
          creditor_name, signed_at, locale)
        values ('M-1', 'Titular', '00000000T', 'ES** **** 0000', 'ES00ZZZ00000000',
          'Concello', '2026-01-01T00:00:00.000Z', 'gl')`.execute(db.q());
      await sql`
        insert into direct_debits (mandate_id, enrolment_id, activity_id, created_at)
        values (1, 1, 1, '2026-01-01T00:00:00.000Z')`.execute(db.q());
      await sql`
        insert into remittances (message_id, collection_date, item_count, total_cents, created_at)
        select 'R-' || g, '2026-0' || g || '-05', 1, 100, '2026-01-01T00:00:00.000Z'
        from generate_series(1, 6) g`.execute(db.q());
      await sql`
        insert into remittance_items (remittance_id, direct_debit_id, mandate_id, enrolment_id,
          activity_id, kind, amount_cents, end_to_end_id, sequence_type, status, person_name,
          activity_name)
        select 1 + g % 6, 1, 1, 1 + g % 10000, 1 + g % 2, 'fee', 1000, 'E-' || g, 'RCUR',
          case when g % 6 = 0 then 'in_remittance' else 'collected' end, 'Persoa', 'Actividade'
        from generate_series(1, 20000) g`.execute(db.q());
      await sql`vacuum analyze remittance_items`.execute(db.q());
    });

    it('an index scan of remittance_items_person, never a scan of every item', async () => {
      const { rows } = await sql<{ 'QUERY PLAN': string }>`
        explain select i.activity_id, i.part_number, r.collection_date
        from remittance_items i inner join remittances r on r.id = i.remittance_id
        where i.enrolment_id = ${77}
          and i.activity_id in (select jsonb_array_elements_text(cast(${'[1,2]'} as jsonb))::bigint)
          and i.kind = ${'fee'} and i.status = ${'in_remittance'}
        order by i.activity_id, i.part_number`.execute(own.db.q());
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toMatch(
        /Index Scan using remittance_items_person|Bitmap Index Scan on remittance_items_person/,
      );
      expect(plan).not.toMatch(/Seq Scan on remittance_items/);
    });
  },
);
