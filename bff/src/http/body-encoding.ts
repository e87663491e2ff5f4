import type Koa from 'koa';
import { badRequest, DomainError } from '../services/errors.js';
import type { AppState } from './context.js';

type Middleware = Koa.Middleware<AppState>;

/** What co-body (through `inflation`) undoes for the JSON, form and text readers. */
const DECODED = new Set(['gzip', 'deflate', 'br']);

const unsupported = () => new DomainError('unsupported_media', 'unsupported_media_type');

/**
 * A body reader that undoes gzip, deflate and br: the coding is taken in any case (HTTP's content
 * codings are case-insensitive; the decompressor asks for lower case), any other coding answers
 * 415, and a body that does not decompress answers 400 like any unreadable body, not a 500.
 */
export function decodingBody(read: Middleware): Middleware {
  return async (ctx, next) => {
    const coding = contentCoding(ctx);
    if (coding !== null && !DECODED.has(coding)) throw unsupported();
    if (coding !== null) ctx.req.headers['content-encoding'] = coding;
    let parsed = false;
    try {
      await read(ctx, () => {
        parsed = true;
        return next();
      });
    } catch (err) {
      // the readers' own 4xx (too large, aborted) keep their status; zlib's errors have none
      if (!parsed && !hasClientStatus(err)) throw badRequest();
      throw err;
    }
  };
}

/** A body reader that undoes no coding (formidable's multipart): any coding answers 415. */
export function plainBody(read: Middleware): Middleware {
  return (ctx, next) => {
    if (contentCoding(ctx) !== null) throw unsupported();
    return read(ctx, next);
  };
}

/** The request's content coding in lower case; null for none or `identity`. */
function contentCoding(ctx: Koa.ParameterizedContext<AppState>): string | null {
  const coding = ctx.get('Content-Encoding').trim().toLowerCase();
  return coding === '' || coding === 'identity' ? null : coding;
}

function hasClientStatus(err: unknown): boolean {
  const status = (err as { status?: unknown } | null)?.status;
  return err instanceof DomainError || (typeof status === 'number' && status < 500);
}
