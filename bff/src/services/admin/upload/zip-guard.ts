import { promisify } from 'node:util';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { DomainError } from '../../errors.js';

/**
 * Our limits for an uploaded .xlsx (a zip), given to yauzl, which reads the central directory
 * and checks every entry's real size against its declared one.
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

const notXlsx = () => new DomainError('invalid', 'invalid_xlsx');
const suspicious = () => new DomainError('invalid', 'xlsx_suspicious_compression');
const openZip = promisify<string, yauzl.Options, ZipFile>(yauzl.open);

/**
 * Checks an .xlsx before the spreadsheet reader inflates it. From the central directory alone:
 * entry count, total uncompressed size, compression ratio, no encryption, only stored or
 * deflated entries. Then each entry is inflated into a counter (never into memory) with yauzl's
 * size validation on, so a file whose headers lie is refused as soon as it produces more than
 * it declared.
 */
export async function checkZip(
  path: string,
  limits: ZipLimits = defaultZipLimits,
): Promise<string[]> {
  let zip: ZipFile;
  try {
    zip = await openZip(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true });
  } catch {
    throw notXlsx();
  }
  try {
    if (zip.entryCount > limits.maxEntries) {
      throw new DomainError('invalid', 'xlsx_too_many_entries', {
        params: { max: limits.maxEntries },
      });
    }
    const entries = await readEntries(zip);
    let total = 0;
    for (const entry of entries) {
      if (entry.isEncrypted()) throw notXlsx();
      if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) throw notXlsx();
      total += entry.uncompressedSize;
      if (total > limits.maxUncompressedBytes) {
        throw new DomainError('invalid', 'xlsx_too_large_uncompressed', {
          params: { max: Math.round(limits.maxUncompressedBytes / (1024 * 1024)) },
        });
      }
      if (
        entry.uncompressedSize > limits.ratioFloorBytes &&
        entry.uncompressedSize > entry.compressedSize * limits.maxRatio
      ) {
        throw suspicious();
      }
    }
    for (const entry of entries) await inflateAndCount(zip, entry);
    return entries.map((entry) => entry.fileName);
  } finally {
    zip.close();
  }
}

function readEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', () => reject(notXlsx()));
    zip.readEntry();
  });
}

/** Inflates one entry, keeping nothing; yauzl stops it past its declared size. */
function inflateAndCount(zip: ZipFile, entry: Entry): Promise<void> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(notXlsx());
      stream.on('data', () => {});
      stream.once('end', resolve);
      stream.once('error', (error: Error) =>
        reject(/too many bytes/i.test(error.message) ? suspicious() : notXlsx()),
      );
    });
  });
}
