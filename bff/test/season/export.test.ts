import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type Account } from '../admin/factory.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { factory } from '../payments/factory.js';
import { generate, payInSandbox } from '../payments/helpers.js';
import { applied, createSeasonActivity, HOUR, household } from './helpers.js';

/**
 * Staff's export of an activity's applications (issue 49, item 14): Madrid date-times as date
 * cells, the activity, who applied (name, phone, e-mail), the amount and whether it is paid.
 */
describe('the applications export', () => {
  let app: TestApp;
  let admin: Account;
  beforeAll(async () => {
    // 10:00 UTC is 11:00 in Madrid (winter)
    app = await startTestApp({ now: '2026-12-01T10:00:00Z' });
    await factory(app).settings({ payments_enabled: true, discount_bp: 5000, deadline: null });
    admin = await createAccount(app, 'admin');
  });
  afterAll(() => app.close());

  it('reads back with Madrid dates in date cells, the applicant account, the amount and paid', async () => {
    const now = app.clock.now().getTime();
    const activity = await createSeasonActivity(app, admin, {
      name: 'Natación exportada',
      allocation: 'first_come',
      capacity: 2,
      openAt: new Date(now - HOUR).toISOString(),
      closeAt: new Date(now + 48 * HOUR).toISOString(),
      offerHours: 24,
      price: 60,
    });
    const families = [];
    for (let i = 0; i < 3; i++) {
      const family = await household(app, 1);
      // the account's own person record: its name is the applicant's
      await app.deps.repos.enrolments.insert({
        first_name: `Nai${i}`,
        last_name: 'Pereira Souto',
        dni: family.account.dni,
        email: null,
        phone: `6000000${i}0`,
        birth_date: '1985-03-03',
      });
      await app.exec(
        sql`UPDATE users SET phone = ${`69900000${i}`}, email = ${`nai${i}@example.gal`}
            WHERE id = ${family.account.id}`,
      );
      families.push(family);
    }
    const codes = [];
    for (const family of families)
      codes.push(await applied(app, family, family.people[0]!, activity));
    expect(codes.map((c) => c.status)).toEqual(['offered', 'offered', 'waitlisted']);

    // the first pays with the reduction: 30,00 € (the second owes 45,00 €, the spec's 75 %)
    const first = families[0]!;
    const redirect = await generate(app, first.account.headers.Authorization.slice(7), {
      person_activity_id: first.people[0]!,
      activity_ids: [activity],
      use_discount: true,
    });
    await payInSandbox(app, redirect);

    const res = await fetch(`${app.baseUrl}/api/admin/activities/${activity}/applications/export`, {
      headers: admin.headers,
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = book.getWorksheet('Solicitudes')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Actividad',
      'Código',
      'Orden del sorteo',
      'Estado',
      'Lista de espera',
      'Persona',
      'DNI',
      'Nacimiento',
      'Solicitada',
      'Pagar antes de',
      'Persona que solicita',
      'Teléfono',
      'Correo electrónico',
      'Importe (€)',
      'Pagada',
    ]);
    const col = (name: string) => header.indexOf(name) + 1;
    const rows = [2, 3, 4].map((n) => sheet.getRow(n));
    const cell = (row: ExcelJS.Row, name: string) => row.getCell(col(name));

    expect(rows.map((r) => cell(r, 'Actividad').value)).toEqual(
      Array(3).fill(expect.stringMatching(/^Natación exportada/)),
    );
    expect(rows.map((r) => cell(r, 'Código').value)).toEqual(codes.map((c) => c.code));
    expect(rows.map((r) => cell(r, 'Persona que solicita').value)).toEqual([
      'Nai0 Pereira Souto',
      'Nai1 Pereira Souto',
      'Nai2 Pereira Souto',
    ]);
    expect(rows.map((r) => cell(r, 'Teléfono').value)).toEqual([
      '699000000',
      '699000001',
      '699000002',
    ]);
    expect(rows.map((r) => cell(r, 'Correo electrónico').value)).toEqual([
      'nai0@example.gal',
      'nai1@example.gal',
      'nai2@example.gal',
    ]);
    expect(rows.map((r) => cell(r, 'Importe (€)').value)).toEqual([30, 45, null]);
    expect(rows.map((r) => cell(r, 'Pagada').value)).toEqual(['Sí', 'No', 'No']);

    // date cells holding Madrid's wall clock: applied at 11:00 Madrid, offer until 11:00 next day
    const applied0 = cell(rows[1]!, 'Solicitada');
    expect(applied0.type).toBe(ExcelJS.ValueType.Date);
    expect((applied0.value as Date).toISOString()).toBe('2026-12-01T11:00:00.000Z');
    expect(applied0.numFmt).toBe('dd/mm/yyyy hh:mm');
    const until = cell(rows[1]!, 'Pagar antes de');
    expect(until.type).toBe(ExcelJS.ValueType.Date);
    expect((until.value as Date).toISOString()).toBe('2026-12-02T11:00:00.000Z');
    const born = cell(rows[0]!, 'Nacimiento');
    expect(born.type).toBe(ExcelJS.ValueType.Date);
    expect((born.value as Date).toISOString()).toBe('2016-04-02T00:00:00.000Z');
    expect(cell(rows[2]!, 'Pagar antes de').value).toBeNull();
  });
});
