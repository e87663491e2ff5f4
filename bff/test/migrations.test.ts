import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/data/open-database.js';
import type { Database } from '../src/data/database.js';
import { createEnrolmentsRepo } from '../src/data/enrolments-repo.js';
import { createActivitiesRepo } from '../src/data/activities-repo.js';
import { createStaffLists, type PaymentFilter } from '../src/data/lists/index.js';
import { runMigrations } from '../src/data/migrations/runner.js';
import { createUsersRepo } from '../src/data/users-repo.js';
import { freshDatabaseUrl } from './helpers/test-database.js';

/** Every payment matching a filter, newest first (the staff list's default order). */
const allPayments = (filter: PaymentFilter) =>
  ({ filter, sort: 'created_at', order: 'desc', page: null }) as const;

/** An installation of the previous release, with a season's payments, brought up to date. */
describe('migrations on a database with data', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-migrate-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** A fresh database brought to `version` (data written there), then closed and dropped. */
  async function withDatabaseAt(
    version: number,
    name: string,
    fn: (db: Database) => Promise<void>,
  ) {
    const { url, drop } = await freshDatabaseUrl();
    const db = await openDatabase({
      databaseUrl: url,
      dataDir: join(dataDir, name),
      migrate: false,
    });
    try {
      await runMigrations(db, version);
      await fn(db);
    } finally {
      await db.close();
      await drop();
    }
  }

  it('050 keeps every payment, its items and the links that point at it', async () => {
    await withDatabaseAt(40, 'payments', async (db) => {
      const user = await sql<{ id: number }>`INSERT INTO users (dni, phone, password_hash, verified)
        VALUES ('12345678Z', '612345678', 'x', 1) RETURNING id`.execute(db.q());
      const person = await sql<{
        id: number;
      }>`INSERT INTO enrolments (first_name, last_name, dni, phone)
        VALUES ('Uxía', 'Núñez', '87654321X', '622334455') RETURNING id`.execute(db.q());
      const activity = await sql<{ id: number }>`INSERT INTO activities (name, price_cents)
        VALUES ('Natación', 3000) RETURNING id`.execute(db.q());
      const [u, p, a] = [user.rows[0]!.id, person.rows[0]!.id, activity.rows[0]!.id];
      const payment = await sql<{ id: number }>`INSERT INTO payments (order_code, user_id,
          enrolment_id, person_name, person_dni, person_key, amount_cents, status, gateway,
          merchant_code, terminal, paid_at)
        VALUES ('2611AAAABBBB', ${u}, ${p}, 'Uxía Núñez', '87654321X', 'uxia nunez', 3000, 'paid',
          'sandbox', '999008881', '1', '2026-11-20T10:00:00.000Z') RETURNING id`.execute(db.q());
      const id = payment.rows[0]!.id;
      await sql`INSERT INTO payment_items (payment_id, enrolment_id, activity_id, activity_name,
        amount_cents) VALUES (${id}, ${p}, ${a}, 'Natación', 3000)`.execute(db.q());
      await sql`INSERT INTO enrolment_activities (enrolment_id, activity_id, is_paid, paid_payment_id,
        paid_amount_cents) VALUES (${p}, ${a}, 1, ${id}, 3000)`.execute(db.q());

      await runMigrations(db);

      const after = await db
        .q()
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(after).toMatchObject({
        order_code: '2611AAAABBBB',
        status: 'paid',
        amount_cents: 3000,
        refunded_cents: 0,
        person_key: 'uxia nunez',
        paid_at: '2026-11-20T10:00:00.000Z',
      });
      expect(after.verification_code).toMatch(
        /^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/,
      );
      const items = await db.q().selectFrom('payment_items').selectAll().execute();
      expect(items).toEqual([
        expect.objectContaining({ payment_id: id, activity_id: a, refund_id: null }),
      ]);
      const link = await db.q().selectFrom('enrolment_activities').selectAll().executeTakeFirst();
      expect(link).toMatchObject({ is_paid: 1, paid_payment_id: id });
      // the new status is accepted; a status nobody knows still is not
      await db
        .q()
        .updateTable('payments')
        .set({ status: 'expired' })
        .where('id', '=', id)
        .execute();
      await expect(
        sql`UPDATE payments SET status = 'lost' WHERE id = ${id}`.execute(db.q()),
      ).rejects.toThrow();
      // 120: the payments' search finds the payments made before it by name, DNI and order
      const payments = createStaffLists(db).payments;
      for (const q of ['uxia nu', '654321x', 'aaabb'])
        expect((await payments.page(allPayments({ q }))).rows.map((p) => p.order_code)).toEqual([
          '2611AAAABBBB',
        ]);
      // foreign keys are on again and hold
      await expect(
        sql`INSERT INTO payment_items (payment_id, enrolment_id, activity_id, activity_name,
          amount_cents) VALUES (999999, 1, 1, 'x', 1)`.execute(db.q()),
      ).rejects.toThrow();
    });
  });

  it("110 shortens the enrolments' search keys and every search finds the same people", async () => {
    await withDatabaseAt(100, 'search-key', async (db) => {
      // a key as 070 wrote it: first name, surnames, full name, DNI, e-mail, phone
      await sql`INSERT INTO enrolments (first_name, last_name, dni, email, phone, search_key)
        VALUES ('Uxía', 'Núñez Rey', '87654321X', 'Uxia@Example.gal', '622334455',
          ${'uxia\u0001nunez rey\u0001uxia nunez rey\u000187654321x\u0001uxia@example.gal\u0001622334455'})`.execute(
        db.q(),
      );

      await runMigrations(db);

      const row = await db.q().selectFrom('enrolments').selectAll().executeTakeFirstOrThrow();
      expect(row.search_key).toBe(
        'uxia nunez rey\u000187654321x\u0001uxia@example.gal\u0001622334455',
      );
      const repo = createStaffLists(db).enrolments;
      for (const q of ['NUÑEZ', 'uxía', 'xia nu', '4321X', 'example.gal', '22334']) {
        const found = await repo.page({
          q,
          sort: 'last_name',
          order: 'asc',
          page: { number: 1, size: 10 },
        });
        expect({ q, total: found.total, ids: found.rows.map((r) => r.id) }).toEqual({
          q,
          total: 1,
          ids: [row.id],
        });
      }
      // nothing across two fields
      const across = await repo.page({
        q: 'rey 8765',
        sort: 'last_name',
        order: 'asc',
        page: null,
      });
      expect(across.total).toBe(0);
    });
  });

  it('130 gives the people already there their folded names, and the lists sort by them', async () => {
    await withDatabaseAt(120, 'name-sort', async (db) => {
      for (const [first, last, dni] of [
        ['Brais', 'Zapata Rial', '11111111H'],
        ['Íñigo', 'Álvarez Souto', '22222222J'],
        ['Ana', 'Abad Pena', '33333333P'],
      ]) {
        await sql`INSERT INTO enrolments (first_name, last_name, dni, phone)
          VALUES (${first}, ${last}, ${dni}, '622334455')`.execute(db.q());
      }

      await runMigrations(db);

      const rows = await db
        .q()
        .selectFrom('enrolments')
        .select(['last_name', 'last_name_key', 'first_name_key'])
        .orderBy('id')
        .execute();
      expect(rows[1]).toEqual({
        last_name: 'Álvarez Souto',
        last_name_key: 'alvarez souto',
        first_name_key: 'in~igo',
      });
      const repo = createStaffLists(db).enrolments;
      const sorted = await repo.page({ q: null, sort: 'last_name', order: 'asc', page: null });
      expect(sorted.rows.map((r) => r.last_name)).toEqual([
        'Abad Pena',
        'Álvarez Souto',
        'Zapata Rial',
      ]);
    });
  });

  it('140 sorts the people already there with "ñ" after "n"', async () => {
    await withDatabaseAt(130, 'n-tilde', async (db) => {
      // the keys 130 wrote, "ñ" folded to "n"
      for (const [last, key, dni] of [
        ['Peña Rial', 'pena rial', '11111111H'],
        ['Penas Souto', 'penas souto', '22222222J'],
        ['Peralta Paz', 'peralta paz', '33333333P'],
      ]) {
        await sql`INSERT INTO enrolments (first_name, last_name, dni, phone, last_name_key, first_name_key)
          VALUES ('Begoña', ${last}, ${dni}, '622334455', ${key}, 'begona')`.execute(db.q());
      }

      await runMigrations(db);

      const repo = createStaffLists(db).enrolments;
      const sorted = await repo.page({ q: null, sort: 'last_name', order: 'asc', page: null });
      expect(sorted.rows.map((r) => r.last_name)).toEqual([
        'Penas Souto',
        'Peña Rial',
        'Peralta Paz',
      ]);
      expect(sorted.rows.map((r) => [r.last_name_key, r.first_name_key])[1]).toEqual([
        'pen~a rial',
        'begon~a',
      ]);
    });
  });

  it('170 sorts the payments and activities already there with "ñ" after "n"', async () => {
    await withDatabaseAt(160, 'n-tilde-payments', async (db) => {
      // as 160 left them: sorted by their search keys, "ñ" folded to "n"
      for (const [i, name] of ['Ana Muñoz', 'Ana Muntaner', 'Ana Mur'].entries()) {
        await sql`INSERT INTO payments (order_code, person_name, person_dni, person_key,
            amount_cents, status, gateway, merchant_code, terminal)
          VALUES (${`2611AAAA000${i}`}, ${name}, '87654321X', ${name.toLowerCase().replace('ñ', 'n')},
            3000, 'pending', 'sandbox', '999008881', '1')`.execute(db.q());
      }
      for (const name of ['Baño', 'Banzo']) {
        await sql`INSERT INTO activities (name, price_cents, search_key)
          VALUES (${name}, 1000, ${name.toLowerCase().replace('ñ', 'n')})`.execute(db.q());
      }

      await runMigrations(db);

      const { rows: payments } = await createStaffLists(db).payments.page({
        ...allPayments({}),
        sort: 'person',
        order: 'asc',
      });
      expect(payments.map((p) => p.person_name)).toEqual(['Ana Muntaner', 'Ana Muñoz', 'Ana Mur']);
      const activities = await createStaffLists(db).activities.page({
        q: null,
        sort: 'name',
        order: 'asc',
        page: null,
      });
      expect(activities.rows.map((a) => a.name)).toEqual(['Banzo', 'Baño']);
      // the search keys stay as they were: "munoz" still finds "Muñoz"
      const { rows: found } = await createStaffLists(db).payments.page(allPayments({ q: 'munoz' }));
      expect(found.map((p) => p.person_name)).toEqual(['Ana Muñoz']);
    });
  });

  it('200 composes the names already there (NFC), leaving an old duplicate for staff to merge', async () => {
    await withDatabaseAt(190, 'nfc', async (db) => {
      const nfd = (text: string) => text.normalize('NFD');
      const people = createEnrolmentsRepo(db);
      // the row as a server of that version wrote it (today's repository writes later columns)
      const { id } = await db
        .q()
        .insertInto('enrolments')
        .values({
          first_name: nfd('Iñaki'),
          last_name: nfd('Núñez Peña'),
          dni: '12345678Z',
          email: null,
          phone: '612345678',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const activities = createActivitiesRepo(db);
      const alone = await activities.insert({
        name: nfd('Pádel'),
        price_cents: 1000,
        start_date: null,
      });
      const composed = await activities.insert({
        name: 'Natación',
        price_cents: 1000,
        start_date: null,
      });
      const twin = await activities.insert({
        name: nfd('Natación'),
        price_cents: 1000,
        start_date: null,
      });

      await runMigrations(db);

      const person = await people.findById(id);
      expect([person?.first_name, person?.last_name]).toEqual(['Iñaki', 'Núñez Peña']);
      expect(person?.last_name).toBe('Núñez Peña'.normalize('NFC'));
      const names = new Map(
        (await activities.list()).map((a) => [a.id, a.name] as [number, string]),
      );
      expect(names.get(alone)).toBe('Pádel'.normalize('NFC'));
      expect(names.get(composed)).toBe('Natación'.normalize('NFC'));
      // the decomposed twin is kept as it was: two "Natación" in the catalogue, one to merge
      expect(names.get(twin)).toBe(nfd('Natación'));
    });
  });

  it('230 writes every person’s identity key and marks the records residents added', async () => {
    await withDatabaseAt(220, 'identity', async (db) => {
      const person = (first_name: string, last_name: string, dni: string | null) =>
        db
          .q()
          .insertInto('enrolments')
          .values({ first_name, last_name, dni, email: null, phone: '612345678' })
          .returning('id')
          .executeTakeFirstOrThrow();
      const staffs = await person('Iñaki', 'Núñez-Peña', '12345678Z');
      const added = await person('Uxía', 'López  Pereira', null);
      await db
        .q()
        .insertInto('audit_log')
        .values({ action: 'person_added', entity: 'enrolment', entity_id: String(added.id) })
        .execute();

      await runMigrations(db);

      const rows = await db
        .q()
        .selectFrom('enrolments')
        .select(['id', 'identity_name_key', 'added_by_resident'])
        .orderBy('id')
        .execute();
      expect(rows.map((r) => [r.id, r.identity_name_key, Number(r.added_by_resident)])).toEqual([
        [staffs.id, 'inakinunezpena', 0],
        [added.id, 'uxialopezpereira', 1],
      ]);
    });
  });

  it('420 writes every identity key again with look-alike letters folded, and marks merged applications', async () => {
    await withDatabaseAt(410, 'identity-skeleton', async (db) => {
      const person = (first_name: string, last_name: string, key: string) =>
        db
          .q()
          .insertInto('enrolments')
          .values({
            first_name,
            last_name,
            dni: null,
            email: null,
            phone: '612345678',
            birth_date: '2015-03-03',
            identity_name_key: key,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      // the keys 230 wrote: look-alikes kept apart
      const plain = await person('Carla', 'Pérez Soto', 'carlaperezsoto');
      const wide = await person('Ｃａｒｌａ', 'Pérez Soto', 'ｃａｒｌａperezsoto');
      const cyrillic = await person('Cаrla', 'Pérez Soto', 'cаrlaperezsoto');
      const dotless = await person('Uxı\u0301a', 'Rey', 'uxıarey');
      const activity = await db
        .q()
        .insertInto('activities')
        .values({ name: 'Natación 420', price_cents: 3000, start_date: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const at = '2026-12-01T10:00:00.000Z';
      for (const [code, enrolment_id, status] of [
        ['MERGED42', wide.id, 'withdrawn'],
        ['KEPTAPP4', plain.id, 'applied'],
      ] as const) {
        await db
          .q()
          .insertInto('applications')
          .values({
            code,
            activity_id: activity.id,
            enrolment_id,
            user_id: null,
            status,
            rank: null,
            offered_at: null,
            offer_expires_at: null,
            offer_notified_at: null,
            offer_reminded_at: null,
            created_at: at,
            updated_at: at,
          })
          .execute();
      }
      await db
        .q()
        .insertInto('audit_log')
        .values({
          action: 'person.merge',
          entity: 'enrolment',
          entity_id: String(plain.id),
          details: JSON.stringify({ merged_id: wide.id, withdrawn: ['MERGED42'] }),
        })
        .execute();

      await runMigrations(db);

      const keys = await db
        .q()
        .selectFrom('enrolments')
        .select(['id', 'identity_name_key'])
        .orderBy('id')
        .execute();
      expect(keys.map((r) => [r.id, r.identity_name_key])).toEqual([
        [plain.id, 'carlaperezsoto'],
        [wide.id, 'carlaperezsoto'],
        [cyrillic.id, 'carlaperezsoto'],
        [dotless.id, 'uxiarey'],
      ]);
      const merged = await db
        .q()
        .selectFrom('applications')
        .select(['code', 'merged'])
        .orderBy('code')
        .execute();
      expect(merged.map((r) => [r.code, Number(r.merged)])).toEqual([
        ['KEPTAPP4', 0],
        ['MERGED42', 1],
      ]);
    });
  });

  it('250 leaves every address already there unconfirmed, shared ones too', async () => {
    await withDatabaseAt(240, 'confirmed-email', async (db) => {
      // two verified accounts with one address (possible before): the upgrade must not fail
      for (const { dni, email } of [
        { dni: '12345678Z', email: 'familia@example.es' },
        { dni: '87654321X', email: 'Familia@Example.es' },
      ]) {
        await db
          .q()
          .insertInto('users')
          .values({ dni, phone: '612345678', email, password_hash: 'x', role: 'user', verified: 1 })
          .execute();
      }

      await runMigrations(db);

      const rows = await db
        .q()
        .selectFrom('users')
        .select(['dni', 'email_confirmed_at'])
        .orderBy('dni')
        .execute();
      expect(rows).toEqual([
        { dni: '12345678Z', email_confirmed_at: null },
        { dni: '87654321X', email_confirmed_at: null },
      ]);
      expect(await createUsersRepo(db).findByConfirmedEmail('familia@example.es')).toBeUndefined();
      expect(await db.q().selectFrom('revoked_tokens').selectAll().execute()).toEqual([]);
    });
  });

  it('560 asks per person for a reduction by age saved for a household, and leaves the rest', async () => {
    await withDatabaseAt(510, 'age-never-household', async (db) => {
      const circumstance = (name: string, review: 'age' | 'staff', scope: 'person' | 'household') =>
        db
          .q()
          .insertInto('circumstances')
          .values({
            name_es: name,
            name_en: name,
            name_gl: name,
            proof_es: '',
            proof_en: '',
            proof_gl: '',
            validity_months: null,
            review,
            min_age: review === 'age' ? 65 : null,
            max_age: null,
            scope,
            created_at: '2026-09-01T08:00:00.000Z',
            updated_at: '2026-09-01T08:00:00.000Z',
          })
          .execute();
      await circumstance('Maiores para a familia', 'age', 'household');
      await circumstance('Xoves', 'age', 'person');
      await circumstance('Familia numerosa', 'staff', 'household');

      await runMigrations(db);

      const rows = await db
        .q()
        .selectFrom('circumstances')
        .select(['name_es', 'review', 'scope'])
        .orderBy('name_es')
        .execute();
      expect(rows).toEqual([
        { name_es: 'Familia numerosa', review: 'staff', scope: 'household' },
        { name_es: 'Maiores para a familia', review: 'age', scope: 'person' },
        { name_es: 'Xoves', review: 'age', scope: 'person' },
      ]);
    });
  });
});
