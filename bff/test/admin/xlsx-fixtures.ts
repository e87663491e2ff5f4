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
}

/** A zip written by hand: local headers, data, central directory, end record. */
export function buildZip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const data = part.data ?? Buffer.alloc(0);
    const bytes = part.deflated?.bytes ?? deflateRawSync(data);
    const size = part.declareSize ?? part.deflated?.uncompressedSize ?? data.length;
    const crc = part.deflated?.crc ?? crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(bytes.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(8, 10);
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
