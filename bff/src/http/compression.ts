import type Koa from 'koa';
import compress from 'koa-compress';
import { constants as zlib } from 'node:zlib';

/** Below this many bytes an answer travels as it is: compressing would save next to nothing. */
export const COMPRESS_MIN_BYTES = 1024;

/** The web app's scripts and styles, and larger API answers, travel compressed (mobile data). */
export function compression(): Koa.Middleware {
  return compress({
    threshold: COMPRESS_MIN_BYTES,
    gzip: { level: 6 },
    deflate: false,
    br: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
}
