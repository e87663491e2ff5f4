import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readFirstSheet } from '../../src/services/admin/upload/sheet-reader.js';
import { buildZip, unzipEntries, xlsx } from './xlsx-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'xlsx-reader-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('reading the first sheet', () => {
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
});
