import { sql } from 'kysely';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { zError, zUploadResult } from '../../src/generated/zod.gen.js';
import {
  importEnrolments,
  defaultImportOptions,
} from '../../src/services/admin/upload/importer.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import {
  createAccount,
  dniWithLetter,
  insertActivity,
  insertEnrolment,
  snapshot,
  type Account,
} from './factory.js';
import { buildZip, deflatedZeros, unzipEntries, xlsx } from './xlsx-fixtures.js';

const TABLES = ['activities', 'enrolments', 'enrolment_activities', 'audit_log'];
const MARIA = dniWithLetter(12345678); // 12345678Z
const XOAN = dniWithLetter(87654321);
const UXIA = 'X1234567L';

describe('Excel upload', () => {
  let app: TestApp;
  let admin: Account;
  beforeAll(async () => {
    app = await startTestApp({ env: { RESPONSE_VALIDATION: 'strict' } });
    admin = await createAccount(app, 'admin');
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await app.exec(sql`DELETE FROM enrolment_activities`);
    await app.exec(sql`DELETE FROM enrolments`);
    await app.exec(sql`DELETE FROM activities`);
  });

  const upload = (
    file: Buffer,
    name = 'inscripciones.xlsx',
    lang = 'es',
    headers: Record<string, string> = admin.headers,
  ) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), name);
    return app.fetch('/api/admin/upload-table/', {
      method: 'POST',
      headers: { ...headers, 'Accept-Language': lang },
      body: form,
    });
  };
  const rowErrors = async (res: Response) => {
    expect(res.status).toBe(422);
    const body = zError.parse(await res.json());
    expect(body.code).toBe('invalid_rows');
    return body.detail as { loc: (string | number)[]; msg: string; type: string }[];
  };
  const people = async () =>
    await app.rows(
      sql`SELECT first_name, last_name, dni, email, phone FROM enrolments ORDER BY dni`,
    );
  const links = async () =>
    await app.rows(sql`SELECT e.dni, a.name, a.start_date, ea.is_paid FROM enrolment_activities ea
         JOIN enrolments e ON e.id = ea.enrolment_id JOIN activities a ON a.id = ea.activity_id ORDER BY e.dni, a.name`);

  /** Xoán, enrolled (not paid) in Natación infantil before the upload. */
  const xoanInSwimming = async () => {
    const swim = await insertActivity(app, 'Natación infantil', 6000, '2026-10-01');
    await insertEnrolment(
      app,
      { first_name: 'Xoán', last_name: 'Pereira Souto', dni: XOAN, phone: '622334455' },
      [{ id: swim }],
    );
  };

  const goodRows = () => [
    [
      'María',
      'López García',
      MARIA,
      'maria.lopez@correo.gal',
      '612345678',
      'Natación infantil',
      60,
      new Date(Date.UTC(2026, 9, 1)),
      'no',
    ],
    ['María', 'López García', MARIA, '', 612345678, 'Pádel adultos', 85.5, null, 'sí'],
    [
      'Xoán',
      'Pereira Souto',
      XOAN.toLowerCase(),
      null,
      '34 622 334 455',
      'natación INFANTIL',
      '60,00',
      '01/10/2026',
      null,
    ],
    [
      'Uxía',
      'Fernández Rial',
      UXIA,
      'uxia@example.gal',
      '633445566',
      'Yoga senior',
      40,
      '2027-01-10',
      'x',
    ],
  ];

  it('imports a sheet: people by DNI, activities by name and start date, created when new; all in one go', async () => {
    const padel = await insertActivity(app, 'Pádel adultos', 8550);
    // raw fetch: the generated SDK's request schema types the multipart file as a string
    const response = await upload(await xlsx(goodRows()));
    expect(response.status).toBe(200);
    const result = zUploadResult.parse(await response.json());
    expect(result).toEqual({
      added: 3,
      updated: 0,
      activities_created: 2,
      rows: 4,
      sheet: 'Inscripciones',
      header_row: 1,
      warnings: [],
      landline_people: 0,
    });
    expect(await people()).toEqual([
      {
        first_name: 'María',
        last_name: 'López García',
        dni: MARIA,
        email: 'maria.lopez@correo.gal',
        phone: '612345678',
      },
      {
        first_name: 'Xoán',
        last_name: 'Pereira Souto',
        dni: XOAN,
        email: null,
        phone: '622334455',
      },
      {
        first_name: 'Uxía',
        last_name: 'Fernández Rial',
        dni: UXIA,
        email: 'uxia@example.gal',
        phone: '633445566',
      },
    ]);
    expect(await links()).toEqual([
      { dni: MARIA, name: 'Natación infantil', start_date: '2026-10-01', is_paid: 0 },
      { dni: MARIA, name: 'Pádel adultos', start_date: null, is_paid: 1 },
      { dni: XOAN, name: 'Natación infantil', start_date: '2026-10-01', is_paid: 0 },
      { dni: UXIA, name: 'Yoga senior', start_date: '2027-01-10', is_paid: 1 },
    ]);
    expect(
      await app.row(sql`SELECT id, price_cents FROM activities WHERE name = ${'Pádel adultos'}`),
    ).toEqual({ id: padel, price_cents: 8550 });
    const audit = (await app.row(
      sql`SELECT details, actor_user_id FROM audit_log WHERE action = 'upload.import' ORDER BY id DESC`,
    )) as { details: string; actor_user_id: number };
    expect(audit.actor_user_id).toBe(admin.id);
    expect(JSON.parse(audit.details)).toMatchObject({
      added: 3,
      updated: 0,
      activities_created: 2,
      rows: 4,
    });
  });

  it('imports thousands of people in chunks: every person, link and search key is their own', async () => {
    // 2,500 people, two activities each: statements of 1,000 rows run again with other values
    const person = (i: number) => ({
      first: i % 2 ? 'Xoán' : 'Uxía',
      last: `Núñez ${i}`,
      dni: dniWithLetter(50_000_000 + i),
      email: i % 3 ? `persoa${i}@example.gal` : '',
      phone: String(600_000_000 + i),
    });
    const rows = Array.from({ length: 2_500 }, (_, i) => {
      const p = person(i);
      return ['Natación', 'Pádel'].map((activity) => [
        p.first,
        p.last,
        p.dni,
        p.email,
        p.phone,
        activity,
        30,
        '',
        activity === 'Pádel' && i % 4 === 0 ? 'sí' : '',
      ]);
    }).flat();
    const response = await upload(await xlsx(rows));
    expect(await response.json()).toEqual({
      added: 2_500,
      updated: 0,
      activities_created: 2,
      rows: 5_000,
      sheet: 'Inscripciones',
      header_row: 1,
      warnings: [],
      landline_people: 0,
    });
    for (const i of [0, 999, 1_000, 1_999, 2_000, 2_499]) {
      const p = person(i);
      expect(
        await app.row(
          sql`SELECT first_name, last_name, email, phone FROM enrolments WHERE dni = ${p.dni}`,
        ),
      ).toEqual({ first_name: p.first, last_name: p.last, email: p.email || null, phone: p.phone });
      // the search finds each person by their own name (their search key), with their links
      const found = await app.fetch(
        `/api/admin/person-activities/?q=${encodeURIComponent(`nunez ${i}`)}&page=1&page_size=10`,
        { headers: admin.headers },
      );
      const hits = (await found.json()) as { dni: string; activities: { name: string }[] }[];
      expect(hits.find((row) => row.dni === p.dni)?.activities.map((a) => a.name)).toEqual([
        'Natación',
        'Pádel',
      ]);
      expect(
        await app.rows(sql`SELECT a.name, ea.is_paid FROM enrolment_activities ea
          JOIN enrolments e ON e.id = ea.enrolment_id JOIN activities a ON a.id = ea.activity_id
          WHERE e.dni = ${p.dni} ORDER BY a.name`),
      ).toEqual([
        { name: 'Natación', is_paid: 0 },
        { name: 'Pádel', is_paid: i % 4 === 0 ? 1 : 0 },
      ]);
    }
    expect(
      await app.row(sql`SELECT COUNT(*) AS n, SUM(is_paid) AS paid FROM enrolment_activities`),
    ).toEqual({ n: 5_000, paid: 625 });
  });

  it('re-uploading the same file changes nothing (0 added, 0 updated)', async () => {
    const file = await xlsx(goodRows());
    expect(await (await upload(file)).json()).toMatchObject({ added: 3, updated: 0 });
    const before = await snapshot(app, 'activities', 'enrolments', 'enrolment_activities');
    const again = await upload(file);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({
      added: 0,
      updated: 0,
      activities_created: 0,
      rows: 4,
      sheet: 'Inscripciones',
      header_row: 1,
      warnings: [],
      landline_people: 0,
    });
    expect(await snapshot(app, 'activities', 'enrolments', 'enrolment_activities')).toEqual(before);
  });

  it('counts a person as updated when their data or activities change; never deletes or un-pays', async () => {
    await xoanInSwimming();
    const chess = await insertActivity(app, 'Ajedrez', 1500);
    await insertEnrolment(
      app,
      {
        first_name: 'María',
        last_name: 'López García',
        dni: MARIA,
        phone: '612345678',
        email: 'maria.lopez@correo.gal',
      },
      [{ id: chess, paid: true }],
    );
    const res = await upload(
      await xlsx([
        [
          'María',
          'López García',
          MARIA,
          '',
          '699887766',
          'Natación infantil',
          60,
          '2026-10-01',
          'no',
        ],
        ['Xoán', 'Pereira Souto', XOAN, '', '622334455', 'Natación infantil', 60, '2026-10-01', ''],
      ]),
    );
    expect(await res.json()).toEqual({
      added: 0,
      updated: 1,
      activities_created: 0,
      rows: 2,
      sheet: 'Inscripciones',
      header_row: 1,
      warnings: [],
      landline_people: 0,
    });
    expect(await app.row(sql`SELECT phone, email FROM enrolments WHERE dni = ${MARIA}`)).toEqual({
      phone: '699887766',
      email: 'maria.lopez@correo.gal',
    });
    expect(await links()).toEqual([
      { dni: MARIA, name: 'Ajedrez', start_date: null, is_paid: 1 },
      { dni: MARIA, name: 'Natación infantil', start_date: '2026-10-01', is_paid: 0 },
      { dni: XOAN, name: 'Natación infantil', start_date: '2026-10-01', is_paid: 0 },
    ]);
  });

  it('marks links already there paid at the desk when the sheet says so, new ones too', async () => {
    await xoanInSwimming();
    const res = await upload(
      await xlsx([
        [
          'Xoán',
          'Pereira Souto',
          XOAN,
          '',
          '622334455',
          'Natación infantil',
          60,
          '2026-10-01',
          'sí',
        ],
        ['Xoán', 'Pereira Souto', XOAN, '', '622334455', 'Yoga', 25, '', 'sí'],
        ['Uxía', 'Fernández Rial', UXIA, '', '633445566', 'Yoga', 25, '', 'sí'],
      ]),
    );
    expect(await res.json()).toEqual({
      added: 1,
      updated: 1,
      activities_created: 1,
      rows: 3,
      sheet: 'Inscripciones',
      header_row: 1,
      warnings: [],
      landline_people: 0,
    });
    const paid = await app.rows(sql`SELECT e.dni, a.name, ea.is_paid, ea.paid_amount_cents,
        CASE WHEN ea.paid_at IS NULL THEN 0 ELSE 1 END AS dated FROM enrolment_activities ea
        JOIN enrolments e ON e.id = ea.enrolment_id JOIN activities a ON a.id = ea.activity_id
        ORDER BY e.dni, a.name`);
    expect(paid).toEqual([
      { dni: XOAN, name: 'Natación infantil', is_paid: 1, paid_amount_cents: 6000, dated: 1 },
      { dni: XOAN, name: 'Yoga', is_paid: 1, paid_amount_cents: 2500, dated: 1 },
      { dni: UXIA, name: 'Yoga', is_paid: 1, paid_amount_cents: 2500, dated: 1 },
    ]);
  });

  it('matches headers in English and Galician regardless of case and accents', async () => {
    const en = [
      'FIRST NAME',
      'Last name',
      'dni/nie',
      'E-Mail',
      'Phone',
      'ACTIVITY',
      'price',
      'Start Date',
      'Paid',
    ];
    const gl = [
      'Nome',
      'APELIDOS',
      'Dni',
      'correo electronico',
      'TELÉFONO',
      'Actividade',
      'Prezo',
      'Data de Inicio',
      'pagado',
    ];
    const es = [
      'nombre',
      'Apellidos',
      'NIE',
      'Correo',
      'Telefono',
      'actividad',
      'PRECIO',
      'fecha de inicio',
      'PAGADO',
    ];
    const row = (dni: string) => [
      'Ana',
      'Abad Souto',
      dni,
      '',
      '612345678',
      'Tenis',
      30,
      '2026-09-15',
      'yes',
    ];
    expect(
      await (await upload(await xlsx([row(dniWithLetter(11111111))], en))).json(),
    ).toMatchObject({ added: 1, activities_created: 1 });
    expect(
      await (await upload(await xlsx([row(dniWithLetter(22222222))], gl))).json(),
    ).toMatchObject({ added: 1, activities_created: 0 });
    expect(
      await (await upload(await xlsx([row(dniWithLetter(33333333))], es))).json(),
    ).toMatchObject({ added: 1, activities_created: 0 });
    expect(
      await app.row(sql`SELECT COUNT(*) AS n FROM enrolment_activities WHERE is_paid = 1`),
    ).toEqual({ n: 3 });
  });

  it('reports a missing column by its Spanish name', async () => {
    const res = await upload(
      await xlsx(
        [['Ana', MARIA, '612345678', 'Tenis', 30]],
        ['Nombre', 'DNI', 'Teléfono', 'Actividad', 'Precio'],
      ),
    );
    const errors = await rowErrors(res);
    expect(errors).toEqual([
      { loc: [1, 'Apellidos'], msg: 'Falta la columna «Apellidos».', type: 'missing_column' },
      {
        loc: [1],
        msg: 'No hay una fila de encabezados en las 10 primeras filas de ninguna hoja visible. La más parecida es la fila 1 de la hoja «Inscripciones».',
        type: 'no_header',
      },
    ]);
  });

  it('rejects the whole file when any row is bad, listing each error by row and column; nothing changes', async () => {
    await insertActivity(app, 'Baloncesto', 4500);
    const before = await snapshot(app, ...TABLES);
    const ok = (dni: string) => ['Iago', 'Rial', dni, '', '612345678', 'Tenis', 30, '', ''];
    const rows = [
      ok(dniWithLetter(44444444)), // row 2 fine
      ['Iago', 'Rial', '12345678A', '', '612345678', 'Tenis', 30, '', ''], // 3: DNI letter
      ['Iago', 'Rial', dniWithLetter(55555555), '', '61234567', 'Tenis', 30, '', ''], // 4: phone
      ['Iago', 'Rial', dniWithLetter(55555556), 'iago@', '612345678', 'Tenis', 30, '', ''], // 5: e-mail
      ['Iago', 'Rial', dniWithLetter(55555557), '', '612345678', 'Tenis', -5, '', ''], // 6: price
      ['Iago', 'Rial', dniWithLetter(55555558), '', '612345678', 'Tenis', 'gratis', '', ''], // 7: price text
      ['Iago', 'Rial', dniWithLetter(55555559), '', '612345678', 'Tenis', 30, '31/02/2026', ''], // 8: date
      ['', 'Rial', dniWithLetter(55555560), '', '612345678', 'Tenis', 30, '', ''], // 9: required
      ['Iago', 'Rial', dniWithLetter(55555561), '', '612345678', 'Tenis', 30, '', 'quizás'], // 10: paid
      ['Diego', 'Rial', dniWithLetter(44444444), '', '612345678', 'Tenis', 30, '', ''], // 11: same DNI, other name
      ['Iago', 'Rial', dniWithLetter(55555562), '', '612345678', 'Tenis', 35, '', ''], // 12: same activity, other price
      ['Iago', 'Rial', dniWithLetter(55555563), '', '612345678', 'Baloncesto', 50, '', ''], // 13: catalogue price differs
    ];
    const errors = await rowErrors(await upload(await xlsx(rows)));
    expect(errors.map((e) => [e.loc, e.type])).toEqual([
      [[3, 'DNI'], 'invalid_dni'],
      [[4, 'Teléfono'], 'invalid_phone'],
      [[5, 'Correo electrónico'], 'invalid_email'],
      [[6, 'Precio'], 'invalid_price'],
      [[7, 'Precio'], 'invalid_price'],
      [[8, 'Fecha de inicio'], 'upload_invalid_date'],
      [[9, 'Nombre'], 'upload_required_cell'],
      [[10, 'Pagado'], 'upload_invalid_paid'],
      [[11, 'Nombre'], 'conflicting_person'],
      [[12, 'Precio'], 'conflicting_price'],
    ]);
    expect(errors.find((e) => e.type === 'invalid_price')?.msg).toBe(
      'El precio debe ser un número de 0 o más.',
    );
    expect(errors.find((e) => e.type === 'conflicting_person')?.msg).toBe(
      'El mismo DNI aparece en la fila 2 con otro valor en esta columna.',
    );
    expect(await snapshot(app, ...TABLES)).toEqual(before);

    // the catalogue check runs once every row is fine on its own
    const mismatch = await rowErrors(
      await upload(await xlsx([rows[0] as unknown[], rows[11] as unknown[]]), 'x.xlsx', 'en'),
    );
    expect(mismatch).toEqual([
      {
        loc: [3, 'Precio'],
        msg: 'The activity "Baloncesto" already exists with the price €45.00. Change it in the catalogue if that is right; the import does not change prices.',
        type: 'price_mismatch',
      },
    ]);
    expect(await snapshot(app, ...TABLES)).toEqual(before);
  });

  it('refuses a file that is not .xlsx by name, an empty request, and a corrupt or fake zip', async () => {
    const before = await snapshot(app, ...TABLES);
    const good = await xlsx(goodRows());
    for (const name of [
      'inscripciones.xls',
      'inscripciones.csv',
      'inscripciones.xlsx.exe',
      'inscripciones',
    ]) {
      const res = await upload(good, name, 'gl');
      expect(res.status).toBe(422);
      expect(zError.parse(await res.json())).toEqual({
        detail: 'O ficheiro debe ser un Excel con extensión .xlsx.',
        code: 'invalid_file_type',
      });
    }
    const none = await app.fetch('/api/admin/upload-table/', {
      method: 'POST',
      headers: admin.headers,
      body: new FormData(),
    });
    expect(none.status).toBe(422);
    expect((await none.json()).code).toBe('please_select_file');

    const csv = await upload(Buffer.from('Nombre;Apellidos;DNI\nMaría;López;12345678Z\n'));
    expect((await csv.json()).code).toBe('csv_not_xlsx'); // a CSV renamed says so
    const fakes = [
      Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(2000, 7)]), // magic bytes, then garbage
      good.subarray(0, Math.floor(good.length / 2)), // truncated
      Buffer.alloc(0),
    ];
    for (const fake of fakes) {
      const res = await upload(fake);
      expect(res.status).toBe(422);
      expect((await res.json()).code).toBe('invalid_xlsx');
    }
    // a valid zip whose content is not a spreadsheet
    const notSheet = await upload(buildZip([{ name: 'hola.txt', data: Buffer.from('hola') }]));
    expect(notSheet.status).toBe(422);
    expect((await notSheet.json()).code).toBe('invalid_xlsx');
    expect(await snapshot(app, ...TABLES)).toEqual(before);
  });

  it('refuses a file over 10 MB with 413 while it streams', async () => {
    const big = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(10 * 1024 * 1024 + 10, 1)]);
    const res = await upload(big).catch((err: Error) => err);
    if (res instanceof Error) throw res;
    expect(res.status).toBe(413);
    expect(zError.parse(await res.json())).toEqual({
      detail: 'El archivo supera el tamaño máximo de 10 MB.',
      code: 'file_too_large',
    });
  });

  it('rejects a zip bomb from its central directory, without inflating it', async () => {
    const zeros = await deflatedZeros(300);
    const bomb = buildZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/sharedStrings.xml', deflated: zeros },
    ]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const rss = process.memoryUsage().rss;
    const started = performance.now();
    const res = await upload(bomb);
    expect(res.status).toBe(422);
    expect(zError.parse(await res.json()).code).toBe('xlsx_too_large_uncompressed');
    expect(performance.now() - started).toBeLessThan(2000);
    expect(process.memoryUsage().rss - rss).toBeLessThan(150 * 1024 * 1024);

    // under the total cap but compressed 1000:1
    const dense = await upload(
      buildZip([{ name: 'xl/sharedStrings.xml', deflated: await deflatedZeros(20) }]),
    );
    expect((await dense.json()).code).toBe('xlsx_suspicious_compression');

    // headers that lie about the size: inflation stops just past the declared size
    const liar = await upload(
      buildZip([
        {
          name: 'xl/sharedStrings.xml',
          deflated: { ...(await deflatedZeros(50)), uncompressedSize: 1000 },
        },
      ]),
    );
    expect(liar.status).toBe(422);
    expect((await liar.json()).code).toBe('xlsx_suspicious_compression');
  });

  it('leaves XML external entities unresolved', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xxe-'));
    const secret = join(dir, 'secret.txt');
    writeFileSync(secret, 'TOP-SECRET-XXE-CANARY');
    try {
      const original = unzipEntries(
        await xlsx([['María', 'López', MARIA, '', '612345678', 'Natación', 60, '', '']]),
      );
      const parts = original.map(({ name, data }) => {
        if (name !== 'xl/sharedStrings.xml') return { name, data };
        const xml = data
          .toString('utf8')
          .replace('?>', `?><!DOCTYPE sst [<!ENTITY xxe SYSTEM "file://${secret}">]>`)
          .replace('>María<', '>&xxe;<');
        return { name, data: Buffer.from(xml) };
      });
      const res = await upload(buildZip(parts));
      // the parser refuses the unknown entity: the file is rejected as not a valid spreadsheet
      expect(res.status).toBe(422);
      const text = await res.text();
      expect(JSON.parse(text).code).toBe('invalid_xlsx');
      expect(text).not.toContain('TOP-SECRET');
      const stored = JSON.stringify(await app.rows(sql`SELECT * FROM enrolments`));
      expect(stored).not.toContain('TOP-SECRET');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('offers a template whose example row is never imported, and which imports once filled in', async () => {
    const res = await app.fetch('/api/admin/upload-table/template', { headers: admin.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.xlsx"$/);
    const file = Buffer.from(await res.arrayBuffer());
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const header = workbook.worksheets[0]?.getRow(1).values as unknown[];
    expect(header.slice(1)).toEqual([
      'Nombre',
      'Apellidos',
      'DNI',
      'Correo electrónico',
      'Teléfono',
      'Actividad',
      'Precio',
      'Fecha de inicio',
      'Pagado',
      'Fecha de nacimiento',
    ]);
    // as downloaded: only the example, which is refused with its reason
    const untouched = await upload(file, 'plantilla-inscripciones.xlsx');
    expect(untouched.status).toBe(422);
    expect((await untouched.json()).detail).toEqual([
      {
        loc: [2],
        msg: 'Esta fila es el ejemplo de la plantilla (12345678Z, maria.lopez@example.es) y no se ha importado. Bórrala.',
        type: 'template_example',
      },
    ]);
    // a clerk adds a row under the example and forgets to delete it: the row only, and a warning
    workbook.worksheets[0]?.addRow([
      'Xoán',
      'Lago Rial',
      XOAN,
      '',
      '622334455',
      'Natación infantil',
      60,
      new Date(Date.UTC(2026, 9, 1)),
      'no',
    ]);
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());
    const imported = await upload(filled, 'plantilla-inscripciones.xlsx');
    expect(await imported.json()).toMatchObject({
      added: 1,
      rows: 2,
      sheet: 'Inscripciones',
      header_row: 1,
      warnings: [expect.objectContaining({ loc: [2], type: 'template_example' })],
    });
    expect(await app.rows(sql`SELECT dni FROM enrolments WHERE dni = ${MARIA}`)).toEqual([]);
    expect(await app.rows(sql`SELECT name, start_date, price_cents FROM activities`)).toEqual([
      { name: 'Natación infantil', start_date: '2026-10-01', price_cents: 6000 },
    ]);
  });

  it('stops at the row cap with a clear error', async () => {
    const rows = Array.from({ length: 6 }, (_, i) => [
      'Ana',
      'Abad',
      dniWithLetter(60000000 + i),
      '',
      '612345678',
      'Tenis',
      30,
      '',
      '',
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'cap-'));
    try {
      const path = join(dir, 'big.xlsx');
      writeFileSync(path, await xlsx(rows));
      const attempt = importEnrolments(
        { db: app.db, audit: app.deps.repos.audit, clock: app.clock },
        { path, name: 'big.xlsx' },
        { id: admin.id, dni: admin.dni, ip: null },
        { ...defaultImportOptions, maxRows: 5 },
      );
      await expect(attempt).rejects.toMatchObject({
        kind: 'invalid',
        code: 'too_many_rows',
        details: { params: { max: 5 } },
      });
      expect(await app.row(sql`SELECT COUNT(*) AS n FROM enrolments`)).toEqual({ n: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
