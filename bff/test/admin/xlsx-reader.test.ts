import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSheets, readSheets } from '../../src/services/admin/upload/sheet-reader.js';
import { buildZip, unzipEntries, xlsx } from './xlsx-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'xlsx-reader-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The rows of the first visible sheet: the reader names each sheet with a marker row first. */
async function* readFirstSheet(path: string, options?: { batchSize?: number; window?: number }) {
  let sheets = 0;
  for await (const row of readSheets(path, options)) {
    if (row.sheet !== undefined) {
      if (++sheets > 1) return;
      continue;
    }
    yield row;
  }
}

describe('reading the sheets in a worker thread', () => {
  it('reads a file whose workbook.xml comes after its sheets (as exceljs sometimes writes it)', async () => {
    const parts = unzipEntries(
      await xlsx([
        ['Ana', 'Abad Souto', '11111111H', '', '612345678', 'Tenis', 30, '2026-09-15', 'sí'],
      ]),
    );
    // relationships and shared strings first, then the sheets, the workbook itself last
    const rank = (name: string) =>
      name === 'xl/workbook.xml'
        ? 3
        : name.endsWith('.rels') || name === 'xl/sharedStrings.xml'
          ? 0
          : name.startsWith('xl/worksheets/')
            ? 2
            : 1;
    const reordered = [...parts].sort((a, b) => rank(a.name) - rank(b.name));
    expect(reordered.findIndex((p) => p.name === 'xl/workbook.xml')).toBeGreaterThan(
      reordered.findIndex((p) => p.name === 'xl/worksheets/sheet1.xml'),
    );
    const path = join(dir, 'workbook-last.xlsx');
    writeFileSync(path, buildZip(reordered));

    const rows = [];
    for await (const row of readFirstSheet(path)) rows.push(row);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.cells.slice(0, 3)).toEqual(['Ana', 'Abad Souto', '11111111H']);
  });

  it('hands over every row in order across batches, numbers as they were', async () => {
    const path = join(dir, 'many.xlsx');
    const rows = Array.from({ length: 1234 }, (_, i) => [
      `Nombre${i}`,
      'Apellido',
      `${String(10_000_000 + i)}X`,
      '',
      '612345678',
      'Tenis',
      30.5,
      '2026-09-15',
      '',
    ]);
    writeFileSync(path, await xlsx(rows));
    const read = [];
    for await (const row of readFirstSheet(path, { batchSize: 100, window: 2 })) read.push(row);
    expect(read).toHaveLength(1235);
    expect(read.map((row) => row.number)).toEqual(read.map((_, i) => i + 1));
    expect(read[1234]?.cells.slice(0, 1)).toEqual(['Nombre1233']);
    expect(read[1]?.cells[6]).toBe(30.5);
  });

  it('stops the reader thread when the caller stops early (a bad header, too many rows)', async () => {
    const path = join(dir, 'stop.xlsx');
    writeFileSync(
      path,
      await xlsx(Array.from({ length: 3000 }, (_, i) => [`N${i}`, 'A', '11111111H'])),
    );
    for await (const row of readFirstSheet(path, { batchSize: 10, window: 1 })) {
      expect(row.number).toBe(1);
      break;
    }
    // the next read is whole: nothing of the stopped one is left to deliver
    let count = 0;
    for await (const _row of readFirstSheet(path)) count++;
    expect(count).toBe(3001);
  });

  it('refuses a file that is not a workbook with an error, not a hang', async () => {
    const path = join(dir, 'garbage.xlsx');
    writeFileSync(path, 'not a zip at all');
    const read = async () => {
      for await (const _row of readFirstSheet(path)) void _row;
    };
    await expect(read()).rejects.toThrow();
  });

  it('opens the file only when its rows are asked for, so the zip can be checked first', async () => {
    const path = join(dir, 'later.xlsx');
    const sheet = openSheets(path); // no file there yet: the thread only loads and waits
    await new Promise((resolve) => setTimeout(resolve, 300));
    writeFileSync(path, await xlsx([['Ana', 'Abad Souto', '11111111H']]));
    const rows = [];
    for await (const row of sheet.rows()) rows.push(row);
    expect(rows.map((row) => row.sheet ?? row.cells[0])).toEqual([
      'Inscripciones',
      'Nombre',
      'Ana',
      'Notas',
      'Esta hoja no se lee',
    ]);
  });

  it('ends a thread whose rows were never asked for, even one whose file is not a workbook', async () => {
    const path = join(dir, 'never-read.xlsx');
    writeFileSync(path, 'not a zip at all');
    const sheet = openSheets(path);
    await expect(sheet.close()).resolves.toBeUndefined();
    // and one that never starts: no unhandled error, no hang
    await expect(openSheets(join(dir, 'missing.xlsx')).close()).resolves.toBeUndefined();
  });
});
