import { open, type FileHandle } from 'node:fs/promises';
import { createInflateRaw } from 'node:zlib';
import { HttpError } from '../../../http/errors.js';

/**
 * Checks an .xlsx (a zip) from its central directory before anything inflates it: entry count,
 * total uncompressed size and compression ratio. Then it walks the local headers in order (the
 * order the streaming reader will read them) and inflates each entry into a counter, stopping
 * as soon as it produces more than its declared size, so a file that lies in its headers is
 * refused without ever holding its content in memory.
 */
export interface ZipLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
  /** Largest uncompressed/compressed ratio for an entry bigger than `ratioFloorBytes`. */
  maxRatio: number;
  ratioFloorBytes: number;
}

export const defaultZipLimits: ZipLimits = {
  maxEntries: 10_000,
  maxUncompressedBytes: 100 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
};

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const DATA_DESCRIPTOR_SIGNATURE = 0x08074b50;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;

const notXlsx = () => new HttpError(422, 'invalid_xlsx');

export async function checkZip(
  path: string,
  limits: ZipLimits = defaultZipLimits,
): Promise<ZipEntry[]> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const magic = await readAt(file, 0, 4);
    if (size < EOCD_MIN + 4 || magic.readUInt32LE(0) !== LOCAL_SIGNATURE) throw notXlsx();
    const entries = await readCentralDirectory(file, size, limits);
    await verifyLocalEntries(file, entries);
    return entries;
  } finally {
    await file.close();
  }
}

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  if (bytesRead !== length) throw notXlsx();
  return buffer;
}

async function readCentralDirectory(
  file: FileHandle,
  size: number,
  limits: ZipLimits,
): Promise<ZipEntry[]> {
  const tailLength = Math.min(size, EOCD_MIN + MAX_COMMENT);
  const tail = await readAt(file, size - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.length - EOCD_MIN; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw notXlsx();
  const disk = tail.readUInt16LE(eocd + 4);
  const count = tail.readUInt16LE(eocd + 10);
  const cdSize = tail.readUInt32LE(eocd + 12);
  const cdOffset = tail.readUInt32LE(eocd + 16);
  // multi-disk archives and ZIP64 markers: no spreadsheet within our size cap needs them
  if (disk !== 0 || count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff)
    throw notXlsx();
  if (count > limits.maxEntries)
    throw new HttpError(422, 'xlsx_too_many_entries', { params: { max: limits.maxEntries } });
  const eocdOffset = size - tailLength + eocd;
  if (cdOffset + cdSize > eocdOffset) throw notXlsx();

  const cd = await readAt(file, cdOffset, cdSize);
  const entries: ZipEntry[] = [];
  let total = 0;
  let at = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > cd.length || cd.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw notXlsx();
    const entry: ZipEntry = {
      flags: cd.readUInt16LE(at + 8),
      method: cd.readUInt16LE(at + 10),
      compressedSize: cd.readUInt32LE(at + 20),
      uncompressedSize: cd.readUInt32LE(at + 24),
      localHeaderOffset: cd.readUInt32LE(at + 42),
      name: '',
    };
    const nameLength = cd.readUInt16LE(at + 28);
    const extraLength = cd.readUInt16LE(at + 30);
    const commentLength = cd.readUInt16LE(at + 32);
    if (at + 46 + nameLength > cd.length) throw notXlsx();
    entry.name = cd.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;

    if (entry.compressedSize === 0xffffffff || entry.uncompressedSize === 0xffffffff)
      throw notXlsx();
    if (entry.method !== 0 && entry.method !== 8) throw notXlsx();
    if (entry.flags & 0x1) throw notXlsx(); // encrypted
    if (entry.method === 0 && entry.compressedSize !== entry.uncompressedSize) throw notXlsx();
    total += entry.uncompressedSize;
    if (total > limits.maxUncompressedBytes) {
      throw new HttpError(422, 'xlsx_too_large_uncompressed', {
        params: { max: Math.round(limits.maxUncompressedBytes / (1024 * 1024)) },
      });
    }
    if (
      entry.uncompressedSize > limits.ratioFloorBytes &&
      entry.uncompressedSize > entry.compressedSize * limits.maxRatio
    ) {
      throw new HttpError(422, 'xlsx_suspicious_compression');
    }
    entries.push(entry);
  }
  return entries;
}

/**
 * The local entries must follow each other exactly as the central directory says, from offset 0
 * to the central directory, and each must inflate to exactly its declared size.
 */
async function verifyLocalEntries(file: FileHandle, entries: ZipEntry[]): Promise<void> {
  const ordered = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  let expected = 0;
  for (const entry of ordered) {
    if (entry.localHeaderOffset !== expected) throw notXlsx();
    const header = await readAt(file, entry.localHeaderOffset, 30);
    if (header.readUInt32LE(0) !== LOCAL_SIGNATURE) throw notXlsx();
    const flags = header.readUInt16LE(6);
    const method = header.readUInt16LE(8);
    const localCompressed = header.readUInt32LE(18);
    const localUncompressed = header.readUInt32LE(22);
    const dataDescriptor = (flags & 0x8) !== 0;
    if (method !== entry.method) throw notXlsx();
    if (
      !dataDescriptor &&
      (localCompressed !== entry.compressedSize || localUncompressed !== entry.uncompressedSize)
    ) {
      throw notXlsx();
    }
    const dataStart =
      entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    await inflateWithin(file, entry, dataStart);
    expected = dataStart + entry.compressedSize;
    if (dataDescriptor) {
      const probe = await readAt(file, expected, 4);
      // the descriptor's signature is optional; 12 bytes without it, 16 with it
      expected += probe.readUInt32LE(0) === DATA_DESCRIPTOR_SIGNATURE ? 16 : 12;
    }
  }
}

async function inflateWithin(file: FileHandle, entry: ZipEntry, dataStart: number): Promise<void> {
  if (entry.method === 0) return; // stored: the size was checked against the central directory
  const inflater = createInflateRaw();
  let produced = 0;
  let overflow = false;
  let failed = false;
  const settled = new Promise<void>((resolve) => {
    inflater.on('data', (chunk: Buffer) => {
      produced += chunk.length;
      if (produced > entry.uncompressedSize && !overflow) {
        overflow = true;
        inflater.destroy();
      }
    });
    inflater.on('error', () => {
      failed = true;
      resolve();
    });
    inflater.on('end', resolve);
    inflater.on('close', resolve);
  });
  const chunkSize = 64 * 1024;
  let position = dataStart;
  const end = dataStart + entry.compressedSize;
  while (position < end && !overflow && !failed) {
    const buffer = Buffer.alloc(Math.min(chunkSize, end - position));
    const { bytesRead } = await file.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) {
      inflater.destroy();
      throw notXlsx();
    }
    position += bytesRead;
    if (!inflater.write(buffer.subarray(0, bytesRead))) {
      await new Promise<void>((resolve) => {
        inflater.once('drain', resolve);
        inflater.once('close', resolve);
      });
    }
  }
  if (!overflow && !failed) inflater.end();
  await settled;
  if (overflow) throw new HttpError(422, 'xlsx_suspicious_compression');
  if (failed || produced !== entry.uncompressedSize) throw notXlsx();
}
