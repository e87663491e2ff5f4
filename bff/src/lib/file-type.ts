/** The documents a resident may send as proof, told by their first bytes. */
export type DocumentType = 'application/pdf' | 'image/jpeg' | 'image/png';

const SIGNATURES: [DocumentType, number[]][] = [
  ['application/pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
];

/** What the content is, by its signature (never by its name); null for anything else. */
export function documentTypeOf(bytes: Uint8Array): DocumentType | null {
  for (const [type, signature] of SIGNATURES)
    if (signature.every((byte, index) => bytes[index] === byte)) return type;
  return null;
}

/** The extension a download of each type is given. */
export const EXTENSION_OF: Record<DocumentType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

const TYPE_OF_EXTENSION: Record<string, DocumentType> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  jfif: 'image/jpeg',
  png: 'image/png',
};

/**
 * Whether a file's name and declared media type agree with its content: a name without an
 * extension, or a generic type (application/octet-stream), says nothing; any other extension or
 * type that is not the content's own is a lie ("foto.png" holding a PDF, "nota.txt" a JPEG).
 */
export function namedAs(
  content: DocumentType,
  file: { name: string; mediaType: string | null },
): boolean {
  // an extension is a few letters after the last dot ("título 2026.03" has none)
  const extension = /.\.([a-z][a-z0-9]{0,4})$/i.exec(file.name.trim())?.[1]?.toLowerCase();
  if (extension !== undefined && TYPE_OF_EXTENSION[extension] !== content) return false;
  const media = (file.mediaType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (media === '' || media === 'application/octet-stream') return true;
  return media === content || (content === 'image/jpeg' && media === 'image/jpg');
}
