import { createReadStream } from 'node:fs';
import ExcelJS from 'exceljs';
import type { CellValue } from './row-validation.js';

export interface SheetRow {
  /** The row number as Excel shows it. */
  number: number;
  /** cells[0] is column A. */
  cells: CellValue[];
}

/**
 * The rows of the first worksheet, streamed: only the current row (plus the shared-strings table)
 * is in memory. exceljs's SAX parser does not resolve external entities or DTDs. Runs in the
 * thread that calls it: the server calls `readFirstSheet` (sheet-reader.ts), which runs this in a
 * worker thread.
 */
export async function* readFirstSheetHere(path: string): AsyncGenerator<SheetRow> {
  const input = createReadStream(path);
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache', // needed to tell date cells from plain numbers
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  // exceljs 4.4 reads a worksheet as soon as the shared strings and relationships are known; when
  // the file stores xl/workbook.xml after the sheet (files written by exceljs itself sometimes do,
  // our template included), it reads `model.sheets` before any model exists and throws. An empty
  // model lets it carry on (the sheet then keeps its file number as its id).
  const reader = workbook as unknown as { model?: object };
  reader.model ??= {};
  try {
    for await (const worksheet of workbook) {
      for await (const row of worksheet) {
        const values = row.values as unknown[];
        const cells: CellValue[] = [];
        for (let column = 1; column < values.length; column++)
          cells.push(toCellValue(values[column]));
        yield { number: row.number, cells };
      }
      return; // the first sheet only
    }
  } finally {
    input.destroy();
  }
}

/** Formula results, rich text and hyperlinks reduced to the value a person sees. */
export function toCellValue(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    const v = value as {
      result?: unknown;
      richText?: { text: string }[];
      text?: unknown;
      error?: unknown;
    };
    if ('result' in v) return toCellValue(v.result);
    if (Array.isArray(v.richText)) return v.richText.map((part) => part.text).join('');
    if ('text' in v) return toCellValue(v.text);
    if ('error' in v) return String(v.error);
  }
  return null;
}
