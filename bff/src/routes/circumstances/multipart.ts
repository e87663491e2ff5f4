import { readFile, rm } from 'node:fs/promises';
import type Koa from 'koa';
import { koaBody } from 'koa-body';
import { plainBody } from '../../http/body-encoding.js';
import type { AppContext, AppState } from '../../http/context.js';
import { DomainError } from '../../services/errors.js';

/** formidable's error codes (formidable/src/FormidableError.js) that mean "too big" or "too many". */
const TOO_BIG = new Set([1009, 1016]);
const TOO_MANY_FILES = 1015;

/** A file part as formidable leaves it on disk. */
export interface UploadedPart {
  filepath: string;
  originalFilename?: string | null;
  mimetype?: string | null;
}

/**
 * Multipart on one route, after its authentication, like the Excel upload: formidable counts the
 * bytes as they arrive and stops at `maxFileBytes` (the partial temp file is removed), one file
 * at most, a few short fields. It undoes no Content-Encoding: a compressed upload answers 415,
 * and so does a body that is not multipart.
 */
export function multipartBody(options: {
  maxFileBytes: number;
  tooLarge: () => DomainError;
}): Koa.Middleware<AppState> {
  const parse = plainBody(
    koaBody({
      json: false,
      urlencoded: false,
      text: false,
      multipart: true,
      formidable: {
        maxFiles: 1,
        maxFileSize: options.maxFileBytes,
        maxTotalFileSize: options.maxFileBytes,
        maxFields: 5,
        maxFieldsSize: 16 * 1024,
        // an empty file is the service's to refuse, with its own words
        allowEmptyFiles: true,
        minFileSize: 0,
      },
      onError: (error) => {
        const code = (error as { code?: number }).code ?? 0;
        if (TOO_BIG.has(code)) throw options.tooLarge();
        if (code === TOO_MANY_FILES) throw new DomainError('invalid', 'too_many_files');
        throw new DomainError('bad_request', 'bad_request');
      },
    }) as unknown as Koa.Middleware<AppState>,
  );
  // a body in any other form (JSON, a URL-encoded form) is not read: 415, as for other calls
  return (ctx, next) => {
    if (ctx.is('multipart') === false)
      throw new DomainError('unsupported_media', 'unsupported_media_type');
    return parse(ctx, next);
  };
}

/**
 * What a multipart call sent: its text fields (only from a multipart body: a JSON one names
 * nothing here), the one file of `field` if any, and every file it wrote, to remove.
 */
export function multipartParts(ctx: AppContext, field: string) {
  const multipart = typeof ctx.is('multipart') === 'string';
  const fields = (multipart ? ctx.request.body : {}) as Record<string, unknown> | undefined;
  const files = (multipart ? ctx.request.files : undefined) as
    Record<string, UploadedPart | UploadedPart[] | undefined> | undefined;
  const all = Object.values(files ?? {}).flatMap((f) => (Array.isArray(f) ? f : f ? [f] : []));
  const named = files?.[field];
  const file = Array.isArray(named) ? named[0] : named;
  return {
    fields: fields ?? {},
    file: file ?? null,
    /** Removes the temp files, whatever happened. */
    cleanUp: () => Promise.all(all.map((f) => rm(f.filepath, { force: true }))),
  };
}

/** The file's bytes with what the browser said of it. */
export async function readPart(part: UploadedPart) {
  return {
    bytes: await readFile(part.filepath),
    name: part.originalFilename ?? '',
    mediaType: part.mimetype ?? null,
  };
}

/**
 * A resident's proof as a download that cannot run in the portal's origin: an attachment, its
 * stored type and no sniffing, a sandbox with nothing allowed, never cached.
 */
export function sendDocument(
  ctx: AppContext,
  file: { bytes: Buffer; type: string; fileName: string },
): void {
  ctx.set('Content-Disposition', `attachment; filename="${file.fileName}"`);
  ctx.set('Content-Security-Policy', "sandbox; default-src 'none'");
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cache-Control', 'no-store');
  ctx.type = file.type;
  ctx.body = file.bytes;
}
