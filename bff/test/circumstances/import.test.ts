import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { zCircumstanceImportResult } from '../../src/generated/zod.gen.js';
import { createAccount, dniWithLetter, snapshot, type Account } from '../admin/factory.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { errorOf } from '../residents/helpers.js';
import { circumstanceBody, createCircumstance, resident } from './helpers.js';

const TABLES = ['circumstance_requests', 'audit_log'];

/** A real .xlsx, written by exceljs: each sheet's rows as given. */
async function workbook(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = book.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('staff import a list of holders from a spreadsheet', () => {
  let app: TestApp;
  let admin: Account;
  let registered: number;
  const people = new Map<string, number>();
  const DNIS = [12345678, 87654321, 11223344, 55667788, 99887766].map(dniWithLetter);

  beforeAll(async () => {
    // 21 November 2026
    app = await startTestApp();
    admin = await createAccount(app, 'admin');
    registered = await createCircumstance(
      app,
      admin,
      circumstanceBody('Empadronado', { validity_months: 12 }),
    );
    for (const dni of DNIS) {
      const id = await app.deps.repos.enrolments.insert({
        first_name: 'Persoa',
        last_name: `Censo ${dni}`,
        dni,
        email: null,
        phone: '622334455',
      });
      people.set(dni, id);
    }
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await app.exec(sql`DELETE FROM circumstance_requests`);
  });

  const upload = (
    file: Buffer,
    fields: { valid_until?: string; name?: string; circumstance?: number } = {},
    lang = 'es',
    who: Account = admin,
  ) => {
    const form = new FormData();
    if (fields.valid_until !== undefined) form.append('valid_until', fields.valid_until);
    form.append('file', new Blob([new Uint8Array(file)]), fields.name ?? 'padron.xlsx');
    return app.fetch(`/api/admin/circumstances/${fields.circumstance ?? registered}/import`, {
      method: 'POST',
      headers: { ...who.headers, 'Accept-Language': lang },
      body: form,
    });
  };
  const approvals = () =>
    app.rows<{ enrolment_id: number; valid_until: string; source: string }>(
      sql`SELECT enrolment_id, valid_until, source FROM circumstance_requests
          WHERE status = 'approved' ORDER BY enrolment_id, valid_until`,
    );

  it('approves every DNI of the first sheet until the date, extends earlier approvals, lists the unknown', async () => {
    const [maria, xoan, uxia, ana, pedro] = DNIS as [string, string, string, string, string];
    const insert = (dni: string, until: string) =>
      app.db
        .q()
        .insertInto('circumstance_requests')
        .values({
          enrolment_id: people.get(dni)!,
          circumstance_id: registered,
          user_id: null,
          source: 'counter',
          status: 'approved',
          valid_until: until,
          created_at: '2026-01-10T10:00:00.000Z',
          decided_at: '2026-01-10T10:00:00.000Z',
          updated_at: '2026-01-10T10:00:00.000Z',
        })
        .execute();
    await insert(uxia, '2027-01-31'); // in force, earlier: extended
    await insert(ana, '2028-06-30'); // in force, later: left as it is
    const file = await workbook({
      Padrón: [
        ['Concello de Negreira: padrón a 1 de novembro'],
        [],
        ['Apelidos e nome', 'N.º DNI/NIE', 'Enderezo'],
        ['López García, María', maria.toLowerCase(), 'Rúa do Cruceiro 3'],
        [
          'Pereira, Xoán',
          `${xoan.slice(0, 2)}.${xoan.slice(2, 5)}.${xoan.slice(5, 8)}-${xoan.slice(8)}`,
          '',
        ],
        ['Souto, Uxía', ` ${uxia} `, ''],
        ['Rial, Ana', ana, ''],
        ['Duplicada, María', maria, ''],
        [],
        ['Descoñecida', '00000001R', ''],
        ['Sen DNI', '', ''],
        ['Mal escrito', 'no consta', ''],
      ],
      Notas: [['DNI'], [pedro]],
    });
    const res = await upload(file, { valid_until: '2027-12-31' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(zCircumstanceImportResult.parse(await res.json())).toEqual({
      approved: 2,
      extended: 1,
      unknown_dnis: ['00000001R', 'NOCONSTA'],
    });
    expect(await approvals()).toEqual(
      [
        { enrolment_id: people.get(maria), valid_until: '2027-12-31', source: 'import' },
        { enrolment_id: people.get(xoan), valid_until: '2027-12-31', source: 'import' },
        { enrolment_id: people.get(uxia), valid_until: '2027-12-31', source: 'counter' },
        { enrolment_id: people.get(ana), valid_until: '2028-06-30', source: 'counter' },
      ].sort((a, b) => (a.enrolment_id ?? 0) - (b.enrolment_id ?? 0)),
    );
    // the second sheet is not read: Pedro is not approved
    expect((await approvals()).some((a) => a.enrolment_id === people.get(pedro))).toBe(false);
    const audit = await app.row<{ actor_user_id: number; details: string }>(
      sql`SELECT actor_user_id, details FROM audit_log WHERE action = 'circumstance.import'`,
    );
    expect(audit?.actor_user_id).toBe(admin.id);
    expect(JSON.parse(audit?.details ?? '{}')).toMatchObject({
      file: 'padron.xlsx',
      valid_until: '2027-12-31',
      approved: 2,
      extended: 1,
      unknown: 2,
    });
    // staff see them in the history, approved by import
    const list = await app.fetch('/api/admin/circumstance-requests?status=approved', {
      headers: admin.headers,
    });
    expect(Number(list.headers.get('x-total-count'))).toBe(4);

    // the same file again: everyone holds it already
    const again = await upload(file, { valid_until: '2027-12-31' });
    expect(zCircumstanceImportResult.parse(await again.json())).toMatchObject({
      approved: 0,
      extended: 0,
    });
  });

  it('finds the column by a header in any case and without accents (NIE)', async () => {
    const file = await workbook({
      Hoja1: [
        ['nie', 'Nome'],
        [DNIS[0], 'María'],
      ],
    });
    const res = await upload(file, { valid_until: '2026-11-21' });
    expect(zCircumstanceImportResult.parse(await res.json())).toEqual({
      approved: 1,
      extended: 0,
      unknown_dnis: [],
    });
  });

  it('refuses a bad file or form like the enrolment upload, in the caller’s language, and changes nothing', async () => {
    const good = await workbook({ Hoja1: [['DNI'], [DNIS[0]]] });
    const family = await resident(app);
    const before = await snapshot(app, ...TABLES);
    const cases: [string, () => Promise<Response>, number, string, RegExp][] = [
      [
        'an .xls name',
        () => upload(good, { valid_until: '2027-01-01', name: 'padron.xls' }),
        422,
        'invalid_file_type',
        /\.xlsx/,
      ],
      [
        'a CSV named .xlsx',
        () => upload(Buffer.from(`DNI;Nombre\n${DNIS[0]};María\n`), { valid_until: '2027-01-01' }),
        422,
        'csv_not_xlsx',
        /CSV/,
      ],
      [
        'a damaged file',
        () =>
          upload(Buffer.concat([good.subarray(0, 200), Buffer.alloc(300)]), {
            valid_until: '2027-01-01',
          }),
        422,
        'invalid_xlsx',
        /no es un Excel .xlsx válido/,
      ],
      [
        'no DNI column',
        async () =>
          upload(
            await workbook({
              Hoja1: [
                ['Nombre', 'Teléfono'],
                ['María', '600000000'],
              ],
            }),
            {
              valid_until: '2027-01-01',
            },
          ),
        422,
        'import_no_dni_column',
        /columna titulada «DNI» o «NIE»/,
      ],
      [
        'no DNIs',
        async () =>
          upload(
            await workbook({
              Hoja1: [
                ['Nombre', 'DNI'],
                ['María', ''],
              ],
            }),
            {
              valid_until: '2027-01-01',
            },
          ),
        422,
        'import_no_dnis',
        /La columna «DNI» de la primera hoja no tiene ningún DNI/,
      ],
      [
        'a past date',
        () => upload(good, { valid_until: '2026-11-20' }, 'en'),
        422,
        'validation_error',
        /today or a later date/,
      ],
      ['no date', () => upload(good, {}), 422, 'validation_error', /obligatorio/],
      [
        'a date that is none',
        () => upload(good, { valid_until: '31/12/2027' }),
        422,
        'validation_error',
        /fecha/,
      ],
      [
        'no file',
        () => {
          const form = new FormData();
          form.append('valid_until', '2027-01-01');
          return app.fetch(`/api/admin/circumstances/${registered}/import`, {
            method: 'POST',
            headers: admin.headers,
            body: form,
          });
        },
        422,
        'please_select_file',
        /Selecciona un archivo/,
      ],
      [
        'over 10 MB',
        () =>
          upload(Buffer.concat([good, Buffer.alloc(10 * 1024 * 1024)]), {
            valid_until: '2027-01-01',
          }),
        413,
        'file_too_large',
        /10 MB/,
      ],
      [
        'an unknown circumstance',
        () => upload(good, { valid_until: '2027-01-01', circumstance: 999_999 }),
        404,
        'not_found',
        /No encontrado/,
      ],
      [
        'a resident',
        () => upload(good, { valid_until: '2027-01-01' }, 'es', family.account),
        403,
        'forbidden',
        /./,
      ],
    ];
    for (const [label, send, status, code, message] of cases) {
      const error = await errorOf(await send());
      expect([error.status, error.code], label).toEqual([status, code]);
      expect(JSON.stringify(error.detail), label).toMatch(message);
    }
    expect(await snapshot(app, ...TABLES)).toEqual(before);
  });
});
