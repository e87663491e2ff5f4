import { crc32, deflateRawSync, inflateRawSync, createDeflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';

export const SPANISH_HEADERS = [
  'Nombre',
  'Apellidos',
  'DNI',
  'Correo electrónico',
  'Teléfono',
  'Actividad',
  'Precio',
  'Fecha de inicio',
  'Pagado',
];

/** A real .xlsx written by exceljs: a header row and the given rows on the first sheet. */
export async function xlsx(
  rows: unknown[][],
  headers: string[] = SPANISH_HEADERS,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Inscripciones');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  workbook.addWorksheet('Notas').addRow(['Esta hoja no se lee']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface ZipPart {
  name: string;
  /** Raw content, deflated here unless `deflated` is given. */
  data?: Buffer;
  /** Already deflated bytes, with the sizes to declare. */
  deflated?: { bytes: Buffer; uncompressedSize: number; crc: number };
  /** Lie in the headers about the uncompressed size. */
  declareSize?: number;
  /** Stored without compression (method 0), as SheetJS writes by default. */
  stored?: boolean;
}

/** A zip written by hand: local headers, data, central directory, end record. */
export function buildZip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const data = part.data ?? Buffer.alloc(0);
    const bytes = part.deflated?.bytes ?? (part.stored ? data : deflateRawSync(data));
    const method = part.stored ? 0 : 8;
    const size = part.declareSize ?? part.deflated?.uncompressedSize ?? data.length;
    const crc = part.deflated?.crc ?? crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(bytes.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(bytes.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, bytes);
    centrals.push(central, name);
    offset += 30 + name.length + bytes.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** Deflates `megabytes` MB of zeros without ever holding them: a few hundred KB come out. */
export async function deflatedZeros(
  megabytes: number,
): Promise<{ bytes: Buffer; uncompressedSize: number; crc: number }> {
  const chunk = Buffer.alloc(1024 * 1024);
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  let crc = 0;
  for (let i = 0; i < megabytes; i++) {
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return { bytes: Buffer.concat(out), uncompressedSize: megabytes * 1024 * 1024, crc };
}

/** The entries of a zip (as exceljs writes them), read through its central directory. */
export function unzipEntries(zip: Buffer): { name: string; data: Buffer }[] {
  let eocd = zip.length - 22;
  while (zip.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(dataStart, dataStart + compressed);
    entries.push({ name, data: method === 8 ? inflateRawSync(raw) : Buffer.from(raw) });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

/** One sheet of a workbook written part by part (see `ooxmlWorkbook`). */
export interface RawSheet {
  name: string;
  /** The `<row>` elements, as the writer being imitated writes them. */
  rows: string;
  state?: 'hidden' | 'veryHidden';
  /** The part's name; `xl/worksheets/sheetN.xml` unless given. */
  part?: string;
  /** After `</sheetData>`: `<mergeCells>` and the like. */
  after?: string;
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * A workbook written part by part, to imitate what other programs write (openpyxl, XlsxWriter,
 * SheetJS, LibreOffice): the XML of each sheet's rows as given, the parts in any zip order,
 * stored or deflated. `tabs` orders the tabs (indexes into `sheets`) when it differs from the
 * parts' order.
 */
export function ooxmlWorkbook(options: {
  sheets: RawSheet[];
  sharedStrings?: string[];
  /** `<numFmts>` and `<cellXfs>` of the styles part. */
  styles?: string;
  date1904?: boolean;
  tabs?: number[];
  /** The workbook part after the sheets in the zip (SheetJS does this). */
  workbookLast?: boolean;
  stored?: boolean;
  contentTypes?: string;
  extraParts?: ZipPart[];
}): Buffer {
  const xml = (body: string) =>
    Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`);
  const paths = options.sheets.map((sheet, i) => sheet.part ?? `xl/worksheets/sheet${i + 1}.xml`);
  const order = options.tabs ?? options.sheets.map((_, i) => i);
  const workbook = xml(
    `<workbook xmlns="${NS}" xmlns:r="${REL}">${options.date1904 ? '<workbookPr date1904="1"/>' : '<workbookPr/>'}<sheets>${order
      .map((i) => {
        const sheet = options.sheets[i]!;
        return `<sheet name="${sheet.name}" sheetId="${i + 1}"${sheet.state ? ` state="${sheet.state}"` : ''} r:id="rId${i + 1}"/>`;
      })
      .join('')}</sheets></workbook>`,
  );
  const rels = xml(
    `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${paths
      .map(
        (path, i) =>
          `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="${path.replace(/^xl\//, '')}"/>`,
      )
      .join(
        '',
      )}<Relationship Id="rIdS" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rIdY" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
  );
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const strings = options.sharedStrings ?? [];
  const sheetParts: ZipPart[] = options.sheets.map((sheet, i) => ({
    name: paths[i]!,
    data: xml(
      `<worksheet xmlns="${NS}" xmlns:r="${REL}"><sheetData>${sheet.rows}</sheetData>${sheet.after ?? ''}</worksheet>`,
    ),
  }));
  const head: ZipPart[] = [
    {
      name: '[Content_Types].xml',
      data: xml(
        options.contentTypes ??
          `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`,
      ),
    },
    {
      name: '_rels/.rels',
      data: xml(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
  ];
  const book: ZipPart[] = [
    { name: 'xl/workbook.xml', data: workbook },
    { name: 'xl/_rels/workbook.xml.rels', data: rels },
  ];
  const shared: ZipPart[] = [
    {
      name: 'xl/sharedStrings.xml',
      data: xml(
        `<sst xmlns="${NS}" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((t) => `<si><t xml:space="preserve">${escape(t)}</t></si>`).join('')}</sst>`,
      ),
    },
    {
      name: 'xl/styles.xml',
      data: xml(
        `<styleSheet xmlns="${NS}">${options.styles ?? '<cellXfs count="1"><xf numFmtId="0"/></cellXfs>'}</styleSheet>`,
      ),
    },
  ];
  const parts = options.workbookLast
    ? [...head, ...sheetParts, ...shared, ...book]
    : [...head, ...book, ...shared, ...sheetParts];
  return buildZip(
    [...parts, ...(options.extraParts ?? [])].map((part) => ({ ...part, stored: options.stored })),
  );
}

/** A row of inline strings (openpyxl writes every string so), `r` attributes included. */
export function inlineRow(number: number, values: (string | null)[]): string {
  const cells = values
    .map((value, i) =>
      value === null
        ? ''
        : `<c r="${String.fromCharCode(65 + i)}${number}" t="inlineStr"><is><t>${value.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</t></is></c>`,
    )
    .join('');
  return `<row r="${number}">${cells}</row>`;
}
