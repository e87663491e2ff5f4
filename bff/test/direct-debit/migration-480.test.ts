import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/data/open-database.js';
import { runMigrations } from '../../src/data/migrations/runner.js';
import { createStaffLists } from '../../src/data/lists/index.js';
import { freshDatabaseUrl } from '../helpers/test-database.js';

/**
 * 480 widens two CHECKs of `payments` (SQLite rebuilds the table): every payment there stays as
 * it was, with its items, the links pointing at it and its search; the new method is accepted.
 */
describe('migration 480 on a database with payments', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-migrate-480-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every payment, its items, its links and its search; takes direct_debit/sepa', async () => {
    const { url, drop } = await freshDatabaseUrl();
    const db = await openDatabase({ databaseUrl: url, dataDir, migrate: false });
    try {
      await runMigrations(db, 420);
      const user = await sql<{ id: number }>`INSERT INTO users (dni, phone, password_hash, verified)
        VALUES ('12345678Z', '612345678', 'x', 1) RETURNING id`.execute(db.q());
      const person = await sql<{ id: number }>`INSERT INTO enrolments (first_name, last_name, dni,
        phone) VALUES ('Uxía', 'Núñez', '87654321X', '622334455') RETURNING id`.execute(db.q());
      const activity = await sql<{ id: number }>`INSERT INTO activities (name, price_cents)
        VALUES ('Natación', 3000) RETURNING id`.execute(db.q());
      const [u, p, a] = [user.rows[0]!.id, person.rows[0]!.id, activity.rows[0]!.id];
      const payment = await sql<{ id: number }>`INSERT INTO payments (order_code, user_id,
          enrolment_id, person_name, person_dni, person_key, amount_cents, status, gateway,
          merchant_code, terminal, paid_at, pay_method, bank_pay_method, verification_code,
          created_at, updated_at)
        VALUES ('2611AAAABBBB', ${u}, ${p}, 'Uxía Núñez', '87654321X', 'uxia nunez', 3000, 'paid',
          'sandbox', '999008881', '1', '2026-11-20T10:00:00.000Z', 'bizum', '68', 'ABCD-EFGH-JKLM',
          '2026-11-20T09:59:00.000Z', '2026-11-20T10:00:00.000Z') RETURNING id`.execute(db.q());
      const id = payment.rows[0]!.id;
      await sql`INSERT INTO payment_items (payment_id, enrolment_id, activity_id, activity_name,
        amount_cents) VALUES (${id}, ${p}, ${a}, 'Natación', 3000)`.execute(db.q());
      await sql`INSERT INTO enrolment_activities (enrolment_id, activity_id, is_paid,
        paid_payment_id, paid_amount_cents) VALUES (${p}, ${a}, 1, ${id}, 3000)`.execute(db.q());
      const before = await sql`SELECT * FROM payments`.execute(db.q());

      await runMigrations(db);

      expect((await sql`SELECT * FROM payments`.execute(db.q())).rows).toEqual(before.rows);
      const items = await db.q().selectFrom('payment_items').selectAll().execute();
      expect(items).toEqual([expect.objectContaining({ payment_id: id, activity_id: a })]);
      const link = await db.q().selectFrom('enrolment_activities').selectAll().executeTakeFirst();
      expect(link).toMatchObject({ is_paid: 1, paid_payment_id: id });
      const search = await createStaffLists(db).payments.page({
        filter: { q: 'uxia nu' },
        sort: 'created_at',
        order: 'desc',
        page: null,
      });
      expect(search.rows.map((r) => r.order_code)).toEqual(['2611AAAABBBB']);
      // the new method and gateway are taken; unknown ones still are not
      await sql`UPDATE payments SET pay_method = 'direct_debit', gateway = 'sepa'
        WHERE id = ${id}`.execute(db.q());
      await expect(
        sql`UPDATE payments SET pay_method = 'cash' WHERE id = ${id}`.execute(db.q()),
      ).rejects.toThrow();
      await expect(
        sql`UPDATE payments SET gateway = 'paypal' WHERE id = ${id}`.execute(db.q()),
      ).rejects.toThrow();
      // foreign keys hold after the rebuild
      await expect(
        sql`INSERT INTO payment_items (payment_id, enrolment_id, activity_id, activity_name,
          amount_cents) VALUES (999999, ${p}, ${a}, 'x', 1)`.execute(db.q()),
      ).rejects.toThrow();
    } finally {
      await db.close();
      await drop();
    }
  });
});
