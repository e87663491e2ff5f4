import { posix } from 'node:path';
import { promisify } from 'node:util';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { CellValue } from './row-validation.js';

/**
 * The rows of a workbook's visible sheets, in tab order, streamed: only the current row, the
 * shared strings and the styles' date flags are in memory.
 *
 * Our own reader over two libraries that do the hard parts (yauzl: the zip, with random access
 * to its parts; saxes: the XML, which resolves no external entities). exceljs 4.4's streaming
 * reader, the other candidate, has had no release since 2023 and reads wrong data from files
 * that other programs write (ISO date cells, inline rich text, formulas whose result is 0 or
 * missing, the workbook part stored after the sheets); SheetJS is not on the npm registry. The
 * OOXML semantics here are the spec's (ECMA-376 part 1, §18.3.1.4 c, §18.17.2 date systems).
 */

export interface SheetRow {
  /** The row number as Excel shows it; 0 for the marker that starts a sheet. */
  number: number;
  /** cells[0] is column A. */
  cells: CellValue[];
  /** On the marker row only: the sheet's tab name. */
  sheet?: string;
}

const OFFICE_DOCUMENT = /\/officeDocument$/;
const openZip = promisify<string, yauzl.Options, ZipFile>(yauzl.open);

/** Built-in number formats that show a date or time (ECMA-376 §18.8.30; 27–36, 50–58 CJK). */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51,
  52, 53, 54, 55, 56, 57, 58,
]);

/** A custom format shows a date when it has date or time codes outside quotes and brackets. */
export function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\\./g, '')
    .split(';')[0];
  return /[dmyhs]/i.test(bare ?? '') && !/^general$/i.test((bare ?? '').trim());
}

const DAY_MS = 86_400_000;
/** Serial 0 of the 1900 date system is 1899-12-30 (Excel counts a 29 Feb 1900 that never was). */
const EPOCH_1900_MS = Date.UTC(1899, 11, 30);
const EPOCH_1904_MS = Date.UTC(1904, 0, 1);

/** `B12` → [12, 2]. */
function cellRef(ref: string): [row: number, column: number] | null {
  const match = /^\$?([A-Z]{1,3})\$?(\d+)$/i.exec(ref);
  if (!match) return null;
  let column = 0;
  for (const letter of (match[1] ?? '').toUpperCase())
    column = column * 26 + letter.charCodeAt(0) - 64;
  return [Number(match[2]), column];
}

interface Merge {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

interface Workbook {
  zip: ZipFile;
  entries: Map<string, Entry>;
  sheets: { name: string; path: string }[];
  date1904: boolean;
  sharedStrings: string[];
  dateStyles: boolean[];
}

/** Reads the workbook's parts in order of need, whatever their order in the zip. */
async function openWorkbook(path: string): Promise<Workbook> {
  const zip = await openZip(path, { lazyEntries: true, autoClose: false });
  const entries = new Map<string, Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      entries.set(entry.fileName.replace(/^\/+/, ''), entry);
      zip.readEntry();
    });
    zip.once('end', resolve);
    zip.once('error', reject);
    zip.readEntry();
  });
  const text = async (name: string): Promise<string | null> => {
    const entry = entries.get(name);
    if (!entry) return null;
    let out = '';
    for await (const chunk of await openEntry(zip, entry)) out += chunk;
    return out;
  };
  const rootRels = relationships(await text('_rels/.rels'), '');
  const workbookPath =
    [...rootRels.values()].find((rel) => OFFICE_DOCUMENT.test(rel.type))?.target ??
    'xl/workbook.xml';
  const workbookXml = await text(workbookPath);
  if (workbookXml === null) throw new Error('no workbook part');
  const baseDir = posix.dirname(workbookPath);
  const rels = relationships(
    await text(posix.join(baseDir, '_rels', `${posix.basename(workbookPath)}.rels`)),
    baseDir,
  );
  const byType = (suffix: string) =>
    [...rels.values()].find((rel) => rel.type.endsWith(suffix))?.target;

  const sheets: { name: string; path: string }[] = [];
  let date1904 = false;
  parse(workbookXml, (tag) => {
    if (tag.name === 'workbookPr') date1904 = /^(1|true)$/.test(tag.attributes.date1904 ?? '');
    if (tag.name !== 'sheet') return;
    const state = tag.attributes.state ?? 'visible';
    const id = Object.entries(tag.attributes).find(([key]) => /(^|:)id$/.test(key))?.[1];
    const target = id ? rels.get(id)?.target : undefined;
    if (state === 'visible' && target && entries.has(target))
      sheets.push({ name: tag.attributes.name ?? '', path: target });
  });

  const stringsPath = byType('/sharedStrings');
  const sharedStrings = stringsPath ? readSharedStrings((await text(stringsPath)) ?? '') : [];
  const stylesPath = byType('/styles');
  const dateStyles = stylesPath ? readDateStyles((await text(stylesPath)) ?? '') : [];
  return { zip, entries, sheets, date1904, sharedStrings, dateStyles };
}

async function openEntry(zip: ZipFile, entry: Entry): Promise<AsyncIterable<string>> {
  const stream = await promisify(zip.openReadStream.bind(zip))(entry);
  stream.setEncoding('utf8');
  return stream as AsyncIterable<string>;
}

/** Id → absolute part path and type, from a .rels part. */
function relationships(xml: string | null, baseDir: string) {
  const rels = new Map<string, { target: string; type: string }>();
  if (xml === null) return rels;
  parse(xml, (tag) => {
    if (tag.name !== 'Relationship' || tag.attributes.TargetMode === 'External') return;
    const raw = tag.attributes.Target ?? '';
    const target = raw.startsWith('/') ? raw.slice(1) : posix.normalize(posix.join(baseDir, raw));
    rels.set(tag.attributes.Id ?? '', { target, type: tag.attributes.Type ?? '' });
  });
  return rels;
}

/** Whole-part parsing for the small parts (workbook, relationships). */
function parse(xml: string, onTag: (tag: SaxesTagPlain) => void): void {
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => onTag(localTag(tag)));
  parser.write(xml).close();
}

/** Prefixes dropped: some writers use `x:c`, `x:row`. */
function localTag(tag: SaxesTagPlain): SaxesTagPlain {
  const colon = tag.name.indexOf(':');
  return colon === -1 ? tag : { ...tag, name: tag.name.slice(colon + 1) };
}
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Each `si` is the text of all its runs; phonetic guides (`rPh`) are not part of it. */
function readSharedStrings(xml: string): string[] {
  const strings: string[] = [];
  let current = '';
  let inText = false;
  let phonetic = 0;
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (name === 'si') current = '';
    else if (name === 'rPh') phonetic++;
    else if (name === 't' && phonetic === 0) inText = true;
  });
  parser.on('text', (value) => {
    if (inText) current += value;
  });
  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    if (name === 't') inText = false;
    else if (name === 'rPh') phonetic--;
    else if (name === 'si') strings.push(current);
  });
  parser.write(xml).close();
  return strings;
}

/** For each cell style (`cellXfs` index): whether its number format shows a date. */
function readDateStyles(xml: string): boolean[] {
  const custom = new Map<number, string>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (name === 'numFmt')
      custom.set(Number(tag.attributes.numFmtId), String(tag.attributes.formatCode ?? ''));
    else if (name === 'cellXfs') inCellXfs = true;
    else if (name === 'xf' && inCellXfs) {
      const id = Number(tag.attributes.numFmtId ?? 0);
      const code = custom.get(id);
      styles.push(code !== undefined ? isDateFormat(code) : DATE_FORMAT_IDS.has(id));
    }
  });
  parser.on('closetag', (tag) => {
    if (localName(tag.name) === 'cellXfs') inCellXfs = false;
  });
  parser.write(xml).close();
  return styles;
}

/**
 * The merged ranges of a sheet. They are written after the rows, so the part is inflated once
 * without parsing (a fraction of the parse's cost) to find them before the rows are read.
 */
async function readMerges(zip: ZipFile, entry: Entry): Promise<Merge[]> {
  const merges: Merge[] = [];
  let tail = '';
  const pattern = /<(?:\w+:)?mergeCell\b[^>]*\bref="([A-Z]+\d+):([A-Z]+\d+)"/g;
  for await (const chunk of await openEntry(zip, entry)) {
    const text = tail + chunk;
    if (!text.includes('mergeCell')) {
      tail = text.slice(-200);
      continue;
    }
    let lastEnd = 0;
    for (const match of text.matchAll(pattern)) {
      const from = cellRef(match[1] ?? '');
      const to = cellRef(match[2] ?? '');
      if (from && to) merges.push({ top: from[0], left: from[1], bottom: to[0], right: to[1] });
      lastEnd = (match.index ?? 0) + match[0].length;
    }
    tail = text.slice(Math.max(lastEnd, text.length - 200));
  }
  return merges;
}

/** Every visible sheet, in tab order: a marker row naming it, then its rows. */
export async function* readVisibleSheets(path: string): AsyncGenerator<SheetRow> {
  const book = await openWorkbook(path);
  try {
    for (const sheet of book.sheets) {
      const entry = book.entries.get(sheet.path);
      if (!entry) continue;
      yield { number: 0, cells: [], sheet: sheet.name };
      yield* readSheet(book, entry);
    }
  } finally {
    book.zip.close();
  }
}

async function* readSheet(book: Workbook, entry: Entry): AsyncGenerator<SheetRow> {
  const merges = await readMerges(book.zip, entry);
  const epoch = book.date1904 ? EPOCH_1904_MS : EPOCH_1900_MS;
  const ready: SheetRow[] = [];
  let rowNumber = 0;
  let cells: CellValue[] = [];
  let column = 0;
  let type = 'n';
  let style = 0;
  let value: string | null = null;
  let formula = false;
  let text = '';
  let collecting: 'v' | 't' | null = null;
  let phonetic = 0;
  let inSheetData = false;
  const topLeft = new Map<Merge, CellValue>();

  /** What Excel shows in the cell just closed (ECMA-376 §18.18.11 cell types). */
  const cellShown = (): CellValue => {
    if (type === 'inlineStr') return text;
    // a formula never calculated: no <v> (Excel's own unsaved state) or an empty <v/> (openpyxl);
    // an empty text result (t="str") is a result
    if (formula && (value === null || (value === '' && type !== 'str')))
      return { problem: 'uncalculated' };
    if (value === null) return null;
    if (type === 's') return book.sharedStrings[Number(value)] ?? null;
    if (type === 'str') return value;
    if (type === 'b') return value.trim() === '1' || value.trim() === 'true';
    if (type === 'e') return { problem: 'formula_error', text: value };
    if (type === 'd') return isoDate(value);
    const number = Number(value);
    if (value.trim() === '' || !Number.isFinite(number)) return value;
    return book.dateStyles[style] ? new Date(epoch + Math.round(number * DAY_MS)) : number;
  };

  const finishRow = () => {
    for (const merge of merges) {
      if (rowNumber < merge.top || rowNumber > merge.bottom) continue;
      if (rowNumber === merge.top) topLeft.set(merge, cells[merge.left - 1] ?? null);
      const carried = topLeft.get(merge) ?? null;
      for (let c = merge.left; c <= merge.right; c++) {
        if (rowNumber !== merge.top || c !== merge.left) cells[c - 1] = carried;
      }
    }
    // cells a row skips (sparse) are empty
    ready.push({ number: rowNumber, cells: Array.from(cells, (cell) => cell ?? null) });
  };

  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (name === 'sheetData') inSheetData = true;
    if (!inSheetData) return;
    if (name === 'row') {
      const r = Number(tag.attributes.r);
      rowNumber = Number.isInteger(r) && r > rowNumber ? r : rowNumber + 1;
      cells = [];
      column = 0;
    } else if (name === 'c') {
      const ref = tag.attributes.r ? cellRef(tag.attributes.r) : null;
      column = ref ? ref[1] : column + 1;
      type = tag.attributes.t ?? 'n';
      style = Number(tag.attributes.s ?? 0);
      value = null;
      formula = false;
      text = '';
    } else if (name === 'v') {
      collecting = 'v';
      value = '';
    } else if (name === 'f') formula = true;
    else if (name === 'rPh') phonetic++;
    else if (name === 't' && phonetic === 0 && type === 'inlineStr') collecting = 't';
  });
  parser.on('text', (chunk) => {
    if (collecting === 'v') value += chunk;
    else if (collecting === 't') text += chunk;
  });
  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    if (name === 'sheetData') inSheetData = false;
    if (!inSheetData) return;
    if (name === 'v' || name === 't') collecting = null;
    else if (name === 'rPh') phonetic--;
    else if (name === 'c') cells[column - 1] = cellShown();
    else if (name === 'row') finishRow();
  });

  for await (const chunk of await openEntry(book.zip, entry)) {
    parser.write(chunk);
    if (ready.length > 0) yield* ready.splice(0);
  }
  parser.close();
  yield* ready.splice(0);
}

/** `t="d"` cells: an ISO 8601 date or date-time, as the civil date and time it writes. */
function isoDate(value: string): Date | string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value.trim());
  if (!match) return value;
  const [, y, m, d, hh = '0', mm = '0', ss = '0'] = match;
  return new Date(
    Date.UTC(Number(y), Number(m) - 1, Number(d), Number(hh), Number(mm), Number(ss)),
  );
}
