import { open, readFile } from 'node:fs/promises';
import { DomainError } from '../../errors.js';

const ZIP = Buffer.from('504b0304', 'hex');
/** Compound File Binary (OLE2): old .xls files, and .xlsx files encrypted with a password. */
const CFB = Buffer.from('d0cf11e0a1b11ae1', 'hex');
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');

/**
 * What an upload named .xlsx really is, when it is not a zip: an encrypted .xlsx or an old .xls
 * (both CFB files; an encrypted one holds an "EncryptedPackage" stream), or text (CSV). The
 * clerk is told what it is and how to save it as .xlsx, not that it is "damaged".
 */
export async function refuseNonZip(path: string): Promise<void> {
  const handle = await open(path, 'r');
  const head = Buffer.alloc(4096);
  const length = await handle
    .read(head, 0, head.length, 0)
    .then(({ bytesRead }) => bytesRead)
    .finally(() => handle.close());
  const start = head.subarray(0, length);
  if (start.subarray(0, 4).equals(ZIP)) return;
  if (start.subarray(0, 8).equals(CFB)) {
    // the upload is at most 10 MB: the directory entry may be anywhere in it
    const whole = await readFile(path);
    throw new DomainError(
      'invalid',
      whole.includes(ENCRYPTED_PACKAGE) ? 'xlsx_encrypted' : 'xls_not_xlsx',
    );
  }
  if (length > 0 && !start.includes(0) && /[,;\t]/.test(start.toString('utf8'))) {
    throw new DomainError('invalid', 'csv_not_xlsx');
  }
  throw new DomainError('invalid', 'invalid_xlsx');
}

/** A zip that is another spreadsheet format, or a workbook with macros, by its parts' names. */
export function refuseOtherPackages(names: readonly string[]): void {
  const has = (name: string) => names.some((n) => n.replace(/^\/+/, '').toLowerCase() === name);
  if (has('mimetype') || has('content.xml')) throw new DomainError('invalid', 'ods_not_xlsx');
  if (has('xl/workbook.bin')) throw new DomainError('invalid', 'xlsb_not_xlsx');
  // macros are refused whatever the name says (.xlsm is refused by its name already)
  if (names.some((n) => /(^|\/)vbaProject\.bin$/i.test(n))) {
    throw new DomainError('invalid', 'xlsm_not_accepted');
  }
}
