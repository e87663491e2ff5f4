import { imageSize } from 'image-size';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream, type PDFObject } from 'pdf-lib';
import type { DocumentType } from './file-type.js';

/** The largest image a proof may be: 40 megapixels (a phone's photo is 12 to 50 MP at most). */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** Why a file whose first bytes name a PDF, JPEG or PNG is still refused; null: none. */
export type ContentProblem = 'document_type' | 'document_active_content' | 'image_too_large';

/**
 * A document's content beyond its first bytes: a PDF must parse as one, with at least a page,
 * and carry no active content; an image must have readable dimensions of at most
 * MAX_IMAGE_PIXELS (read from its header, never decoded). Staff open these files: a PDF that
 * runs code or carries another file, or an image that takes gigabytes to show, is refused.
 */
export async function contentProblem(
  type: DocumentType,
  bytes: Uint8Array,
): Promise<ContentProblem | null> {
  return type === 'application/pdf' ? pdfProblem(bytes) : imageProblem(bytes);
}

function imageProblem(bytes: Uint8Array): ContentProblem | null {
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    return 'document_type';
  }
  const { width = 0, height = 0 } = size;
  if (width <= 0 || height <= 0) return 'document_type';
  return width * height > MAX_IMAGE_PIXELS ? 'image_too_large' : null;
}

/**
 * Keys and action types that make a PDF run something or carry a file: JavaScript (document,
 * page, annotation or form actions, `/OpenAction` included), launch actions (open another
 * program or file) and embedded files (attachments, a file specification's `/EF`).
 */
const ACTIVE_KEYS = new Set(['JS', 'JavaScript', 'EmbeddedFiles', 'EF']);
const ACTIVE_ACTIONS = new Set(['JavaScript', 'Launch']);

async function pdfProblem(bytes: Uint8Array): Promise<ContentProblem | null> {
  let pdf: PDFDocument;
  try {
    // pdf-lib reads every object, those inside object streams too; names come decoded (#xx)
    pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    if (pdf.getPageCount() < 1) return 'document_type';
  } catch {
    return 'document_type';
  }
  for (const [, object] of pdf.context.enumerateIndirectObjects())
    if (isActive(object)) return 'document_active_content';
  return null;
}

/** Whether an object, or any object written inside it (not behind a reference), is active. */
function isActive(object: PDFObject, depth = 0): boolean {
  if (depth > 64) return false;
  if (object instanceof PDFStream) return isActive(object.dict, depth + 1);
  if (object instanceof PDFArray) return object.asArray().some((item) => isActive(item, depth + 1));
  if (!(object instanceof PDFDict)) return false;
  for (const [key, value] of object.entries()) {
    const name = key.asString().slice(1);
    if (ACTIVE_KEYS.has(name)) return true;
    if (name === 'S' && value instanceof PDFName && ACTIVE_ACTIONS.has(value.asString().slice(1)))
      return true;
    if (name === 'Type' && value instanceof PDFName && value.asString() === '/EmbeddedFile')
      return true;
    if (isActive(value, depth + 1)) return true;
  }
  return false;
}
