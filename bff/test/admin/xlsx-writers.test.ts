import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readVisibleSheets } from '../../src/services/admin/upload/xlsx-reader.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { createAccount, type Account } from './factory.js';
import { buildZip, inlineRow, ooxmlWorkbook, SPANISH_HEADERS } from './xlsx-fixtures.js';

/**
 * The same enrolments written by other programs than ours: every file is read to what Excel
 * shows, or refused saying why. Two writers each: exceljs (ours, through its API) and parts
 * written by hand exactly as openpyxl, XlsxWriter, SheetJS or LibreOffice write them.
 */
const dir = mkdtempSync(join(tmpdir(), 'xlsx-writers-'));

/** Style 1 shows dates (dd/mm/yyyy), style 2 is a plain number. */
const DATE_STYLES =
  '<numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></numFmts><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="164" applyNumberFormat="1"/><xf numFmtId="2"/></cellXfs>';

const header = inlineRow(1, SPANISH_HEADERS);

describe('files written by other programs', () => {
  let app: TestApp;
  let admin: Account;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await createAccount(app, 'admin');
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await app.exec(sql`DELETE FROM enrolment_activities`);
    await app.exec(sql`DELETE FROM enrolments`);
    await app.exec(sql`DELETE FROM activities`);
  });

  const upload = async (file: Buffer, name = 'inscripciones.xlsx', lang = 'es') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), name);
    const res = await app.fetch('/api/admin/upload-table/', {
      method: 'POST',
      headers: { ...admin.headers, 'Accept-Language': lang },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const people = () =>
    app.rows<{ first_name: string; last_name: string; dni: string }>(
      sql`SELECT first_name, last_name, dni FROM enrolments ORDER BY dni`,
    );
  const activities = () =>
    app.rows<{ name: string; start_date: string | null; price_cents: number }>(
      sql`SELECT name, start_date, price_cents FROM activities ORDER BY name, start_date`,
    );

  it('reads ISO 8601 date cells (t="d", openpyxl iso_dates, SheetJS cellDates) as their date', async () => {
    const row = (n: number, dni: string, date: string) =>
      `<row r="${n}"><c r="A${n}" t="inlineStr"><is><t>Ana</t></is></c><c r="B${n}" t="inlineStr"><is><t>Pérez</t></is></c><c r="C${n}" t="inlineStr"><is><t>${dni}</t></is></c><c r="E${n}" t="inlineStr"><is><t>612345678</t></is></c><c r="F${n}" t="inlineStr"><is><t>Natación</t></is></c><c r="G${n}"><v>41.15</v></c><c r="H${n}" t="d" s="1"><v>${date}</v></c></row>`;
    const file = ooxmlWorkbook({
      sheets: [
        {
          name: 'Hoja1',
          rows:
            header + row(2, '12345678Z', '2026-10-01T00:00:00') + row(3, '87654321X', '2026-10-01'),
        },
      ],
      styles: DATE_STYLES,
      workbookLast: true,
      stored: true,
    });
    const { status } = await upload(file);
    expect(status).toBe(200);
    expect(await activities()).toEqual([
      { name: 'Natación', start_date: '2026-10-01', price_cents: 4115 },
    ]);
  });

  it('keeps every run of inline rich text (openpyxl writes every string inline)', async () => {
    const rich = (runs: string[]) =>
      `<is>${runs.map((t, i) => `<r>${i === 0 ? '<rPr><b/></rPr>' : ''}<t xml:space="preserve">${t}</t></r>`).join('')}</is>`;
    const rows = `${header}<row r="2"><c r="A2" t="inlineStr"><is><t>Lucía</t></is></c><c r="B2" t="inlineStr">${rich(['López ', 'García'])}</c><c r="C2" t="inlineStr">${rich(['12345678', 'Z'])}</c><c r="E2" t="inlineStr"><is><t>612345678</t></is></c><c r="F2" t="inlineStr"><is><t>Pádel</t></is></c><c r="G2"><v>20</v></c></row>`;
    expect((await upload(ooxmlWorkbook({ sheets: [{ name: 'Sheet', rows }] }))).status).toBe(200);
    // exceljs's own rich text, in the shared strings
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Inscripciones');
    sheet.addRow(SPANISH_HEADERS);
    sheet.addRow([
      'Xoán',
      { richText: [{ text: 'Lago ', font: { bold: true } }, { text: 'Rial' }] },
      '87654321X',
      '',
      '622334455',
      'Pádel',
      20,
    ]);
    expect((await upload(Buffer.from(await workbook.xlsx.writeBuffer()))).status).toBe(200);
    expect(await people()).toEqual([
      { first_name: 'Lucía', last_name: 'López García', dni: '12345678Z' },
      { first_name: 'Xoán', last_name: 'Lago Rial', dni: '87654321X' },
    ]);
  });

  it('stores names in composed form (NFC): decomposed accents make no second activity', async () => {
    const decomposed = (text: string) => text.normalize('NFD');
    const rows =
      header +
      inlineRow(2, ['Ana', 'Pérez', '12345678Z', null, '612345678', 'Natación infantil', '41,15']) +
      inlineRow(3, [
        decomposed('Iñaki'),
        decomposed('Núñez'),
        '87654321X',
        null,
        '622334455',
        decomposed('Natación infantil'),
        '41,15',
      ]);
    const { status, body } = await upload(ooxmlWorkbook({ sheets: [{ name: 'Datos', rows }] }));
    expect(status).toBe(200);
    expect(body.activities_created).toBe(1);
    expect(await activities()).toEqual([
      { name: 'Natación infantil', start_date: null, price_cents: 4115 },
    ]);
    const names = await people();
    expect(names.map((p) => `${p.first_name} ${p.last_name}`)).toEqual([
      'Ana Pérez',
      'Iñaki Núñez',
    ]);
    expect(names.every((p) => p.first_name === p.first_name.normalize('NFC'))).toBe(true);
    // and a file in the other form finds the same activity
    const again =
      header +
      inlineRow(2, [
        'Eva',
        'Sanz',
        '11223344B',
        null,
        '633445566',
        decomposed('NATACIÓN INFANTIL'),
        '41,15',
      ]);
    expect(
      (await upload(ooxmlWorkbook({ sheets: [{ name: 'Datos', rows: again }] }))).body
        .activities_created,
    ).toBe(0);
  });

  it('carries a merged cell to every cell of the merge (a start date over an activity’s rows)', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Inscripciones');
    sheet.addRow(SPANISH_HEADERS);
    const dnis = ['12345678Z', '87654321X', '11223344B'];
    dnis.forEach((dni, i) =>
      sheet.addRow([
        'Nome',
        `Apelido ${i}`,
        dni,
        '',
        `61234567${i}`,
        'Natación',
        30,
        i === 0 ? new Date(Date.UTC(2026, 9, 1)) : null,
      ]),
    );
    sheet.getColumn(8).numFmt = 'dd/mm/yyyy';
    sheet.mergeCells('H2:H4');
    sheet.mergeCells('F2:F4');
    const { status, body } = await upload(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(status).toBe(200);
    expect(body.activities_created).toBe(1);
    expect(await activities()).toEqual([
      { name: 'Natación', start_date: '2026-10-01', price_cents: 3000 },
    ]);
    // LibreOffice's way: the covered cells are written empty, the merge after the rows
    const rows =
      header +
      `<row r="2"><c r="A2" t="inlineStr"><is><t>Ana</t></is></c><c r="B2" t="inlineStr"><is><t>Sanz</t></is></c><c r="C2" t="inlineStr"><is><t>44556677L</t></is></c><c r="E2" t="inlineStr"><is><t>644556677</t></is></c><c r="F2" t="inlineStr"><is><t>Pádel</t></is></c><c r="G2"><v>20</v></c><c r="H2" s="1"><v>46296</v></c></row>` +
      `<row r="3"><c r="A3" t="inlineStr"><is><t>Bea</t></is></c><c r="B3" t="inlineStr"><is><t>Mato</t></is></c><c r="C3" t="inlineStr"><is><t>55667788Z</t></is></c><c r="E3" t="inlineStr"><is><t>655667788</t></is></c><c r="F3" t="inlineStr"><is><t>Pádel</t></is></c><c r="G3"><v>20</v></c><c r="H3" s="1"/></row>`;
    const merged = ooxmlWorkbook({
      sheets: [
        {
          name: 'Hoja1',
          rows,
          after: '<mergeCells count="1"><mergeCell ref="H2:H3"/></mergeCells>',
        },
      ],
      styles: DATE_STYLES,
    });
    expect((await upload(merged)).body.activities_created).toBe(1);
    expect((await activities()).find((a) => a.name === 'Pádel')).toEqual({
      name: 'Pádel',
      start_date: '2026-10-01',
      price_cents: 2000,
    });
  });

  it('reads a formula’s saved result, 0 included, and names the cells of formulas never calculated', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Inscripciones');
    sheet.addRow(SPANISH_HEADERS);
    sheet.addRow([
      'Ana',
      'Pérez',
      '12345678Z',
      '',
      '612345678',
      'Paseo',
      { formula: 'G3*0', result: 0 },
    ]);
    sheet.addRow([
      'Xoán',
      'Lago',
      '87654321X',
      '',
      '622334455',
      'Ximnasia',
      { formula: '10+10', result: 20 },
    ]);
    expect((await upload(Buffer.from(await workbook.xlsx.writeBuffer()))).status).toBe(200);
    expect(await activities()).toEqual([
      { name: 'Paseo', start_date: null, price_cents: 0 },
      { name: 'Ximnasia', start_date: null, price_cents: 2000 },
    ]);
    // openpyxl never calculates: the formula has no saved value (no <v>, or an empty <v/>)
    const rows =
      header +
      `<row r="2"><c r="A2" t="inlineStr"><is><t>Eva</t></is></c><c r="B2" t="inlineStr"><is><t>Sanz</t></is></c><c r="C2" t="inlineStr"><is><t>11223344B</t></is></c><c r="E2" t="inlineStr"><is><t>633445566</t></is></c><c r="F2" t="inlineStr"><is><t>Yoga</t></is></c><c r="G2"><f>10*2</f></c></row>` +
      `<row r="3"><c r="A3" t="inlineStr"><is><t>Iria</t></is></c><c r="B3" t="inlineStr"><is><t>Mato</t></is></c><c r="C3" t="inlineStr"><is><t>44556677L</t></is></c><c r="E3" t="inlineStr"><is><t>644556677</t></is></c><c r="F3" t="inlineStr"><is><t>Yoga</t></is></c><c r="G3" t="e"><f>1/0</f><v>#DIV/0!</v></c></row>` +
      `<row r="4"><c r="A4" t="inlineStr"><is><t>Noa</t></is></c><c r="B4" t="inlineStr"><is><t>Rey</t></is></c><c r="C4" t="inlineStr"><is><t>55667788Z</t></is></c><c r="E4" t="inlineStr"><is><t>655667788</t></is></c><c r="F4" t="inlineStr"><is><t>Yoga</t></is></c><c r="G4"><f>10*2</f><v/></c></row>`;
    const { status, body } = await upload(
      ooxmlWorkbook({ sheets: [{ name: 'Sheet1', rows }] }),
      'inscripciones.xlsx',
      'en',
    );
    expect(status).toBe(422);
    expect(body.detail).toEqual([
      {
        loc: [2, 'Precio'],
        msg: 'This cell’s formula has no saved result (the file was saved without calculating its formulas): open it in Excel or Calc and save it again.',
        type: 'upload_formula_not_calculated',
      },
      {
        loc: [3, 'Precio'],
        msg: 'This cell shows a formula error (#DIV/0!).',
        type: 'upload_formula_error',
      },
      {
        loc: [4, 'Precio'],
        msg: 'This cell’s formula has no saved result (the file was saved without calculating its formulas): open it in Excel or Calc and save it again.',
        type: 'upload_formula_not_calculated',
      },
    ]);
  });

  it('reads the first visible tab, in tab order, whatever its part is named', async () => {
    const person = (n: number, dni: string, activity: string) =>
      inlineRow(n, ['Ana', 'Pérez', dni, null, '612345678', activity, '10']);
    const file = ooxmlWorkbook({
      sheets: [
        { name: 'Oculta', rows: header + person(2, '12345678Z', 'Oculta'), state: 'hidden' },
        {
          name: 'Notas',
          rows: header + person(2, '87654321X', 'Notas'),
          part: 'xl/worksheets/notas.xml',
        },
        {
          name: 'Inscripciones',
          rows: header + person(2, '11223344B', 'Buena'),
          part: 'xl/worksheets/datos-2026.xml',
        },
      ],
      tabs: [0, 2, 1],
    });
    const { status, body } = await upload(file);
    expect(status).toBe(200);
    expect(body).toMatchObject({ sheet: 'Inscripciones', header_row: 1 });
    expect(await activities()).toEqual([{ name: 'Buena', start_date: null, price_cents: 1000 }]);
  });

  it('finds the header row under a title, or on the next visible sheet, and says where', async () => {
    const titled = ooxmlWorkbook({
      sheets: [
        {
          name: 'Inscripciones',
          rows:
            inlineRow(1, ['Escolas deportivas 2026-2027']) +
            inlineRow(3, SPANISH_HEADERS) +
            inlineRow(4, ['Ana', 'Pérez', '12345678Z', null, '612345678', 'Atletismo', '12']),
        },
      ],
    });
    expect((await upload(titled)).body).toMatchObject({
      sheet: 'Inscripciones',
      header_row: 3,
      added: 1,
    });
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Léeme').addRow(['Rellena la hoja de al lado']);
    const data = workbook.addWorksheet('Datos');
    data.addRow(SPANISH_HEADERS);
    data.addRow(['Xoán', 'Lago', '87654321X', '', '622334455', 'Atletismo', 12]);
    expect((await upload(Buffer.from(await workbook.xlsx.writeBuffer()))).body).toMatchObject({
      sheet: 'Datos',
      header_row: 1,
      added: 1,
    });
    // no header anywhere: the closest row's missing columns, and where it looked
    const none = new ExcelJS.Workbook();
    none.addWorksheet('Hoja1').addRow(['Nombre', 'Apellidos', 'Curso']);
    const { status, body } = await upload(
      Buffer.from(await none.xlsx.writeBuffer()),
      'x.xlsx',
      'en',
    );
    expect(status).toBe(422);
    expect(body.code).toBe('invalid_rows');
    expect(JSON.stringify(body.detail)).toContain('first 10 rows of each visible sheet');
  });

  it('takes the headers and numbers Spanish clerks write', async () => {
    const rows =
      inlineRow(1, [
        'Nombre',
        'Apellidos',
        'Nº DNI',
        'E-mail',
        'Teléfono móvil',
        'Actividad',
        'Precio (€)',
        'Fecha inicio',
      ]) +
      inlineRow(2, ['Ana', 'Pérez', '12345678Z', null, '612345678', 'Campamento', '1.234,50']) +
      inlineRow(3, ['Xoán', 'Lago', '87654321X', null, '622334455', 'Campamento', '1 234,50']) +
      inlineRow(4, ['Eva', 'Sanz', '11223344B', null, '633445566', 'Campamento', '1234.5']);
    const { status } = await upload(ooxmlWorkbook({ sheets: [{ name: 'Hoja', rows }] }));
    expect(status).toBe(200);
    expect(await activities()).toEqual([
      { name: 'Campamento', start_date: null, price_cents: 123450 },
    ]);
  });

  it('reads cells without the optional r attribute', async () => {
    const bare = (values: string[]) =>
      `<row>${values.map((v) => (v === '' ? '<c/>' : `<c t="inlineStr"><is><t>${v}</t></is></c>`)).join('')}</row>`;
    const rows =
      bare(SPANISH_HEADERS.slice(0, 7)) +
      bare(['Ana', 'Pérez', '12345678Z', '', '612345678', 'Tenis', '15']);
    expect((await upload(ooxmlWorkbook({ sheets: [{ name: 'Hoja', rows }] }))).status).toBe(200);
    expect(await people()).toEqual([{ first_name: 'Ana', last_name: 'Pérez', dni: '12345678Z' }]);
  });

  it('says what a file is when it is not an .xlsx, and refuses macros whatever the name', async () => {
    const cfb = (stream: string) => {
      const bytes = Buffer.alloc(2048);
      Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(bytes);
      Buffer.from(stream, 'utf16le').copy(bytes, 1024);
      return bytes;
    };
    const cases: [Buffer, string][] = [
      [cfb('EncryptedPackage'), 'xlsx_encrypted'],
      [cfb('Workbook'), 'xls_not_xlsx'],
      [
        buildZip([
          {
            name: 'mimetype',
            data: Buffer.from('application/vnd.oasis.opendocument.spreadsheet'),
            stored: true,
          },
          { name: 'content.xml', data: Buffer.from('<x/>') },
        ]),
        'ods_not_xlsx',
      ],
      [
        buildZip([
          { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
          { name: 'xl/workbook.bin', data: Buffer.from('x') },
        ]),
        'xlsb_not_xlsx',
      ],
      [Buffer.from('Nombre;Apellidos;DNI\nAna;Pérez;12345678Z\n'), 'csv_not_xlsx'],
      [
        ooxmlWorkbook({
          sheets: [{ name: 'Hoja', rows: header }],
          extraParts: [{ name: 'xl/vbaProject.bin', data: Buffer.from('macros') }],
        }),
        'xlsm_not_accepted',
      ],
    ];
    for (const [file, code] of cases) {
      const { status, body } = await upload(file, 'inscripciones.xlsx', 'gl');
      expect(status, code).toBe(422);
      expect(body.code, code).toBe(code);
      expect(typeof body.detail).toBe('string');
    }
    expect(await people()).toEqual([]);
  });

  it('reads SheetJS’s stored zip with the workbook after the sheets 200 times without a refusal', async () => {
    const rows =
      header +
      Array.from(
        { length: 20 },
        (_, i) =>
          `<row r="${i + 2}"><c r="A${i + 2}" t="s"><v>0</v></c><c r="C${i + 2}" t="inlineStr"><is><t>X${i}</t></is></c><c r="H${i + 2}" t="d" s="1"><v>2026-10-01T00:00:00.000Z</v></c></row>`,
      ).join('');
    const path = join(dir, 'sheetjs.xlsx');
    writeFileSync(
      path,
      ooxmlWorkbook({
        sheets: [{ name: 'Sheet1', rows }],
        sharedStrings: ['Ana'],
        styles: DATE_STYLES,
        workbookLast: true,
        stored: true,
      }),
    );
    for (let i = 0; i < 200; i++) {
      let dated = 0;
      for await (const row of readVisibleSheets(path)) {
        if (row.number > 1 && row.cells[7] instanceof Date) dated++;
      }
      expect(dated).toBe(20);
    }
  });
});
