import type Koa from 'koa';
import compress from 'koa-compress';
import { constants as zlib } from 'node:zlib';

/** Below this many bytes an answer travels as it is: compressing would save next to nothing. */
export const COMPRESS_MIN_BYTES = 1024;

const noNext = () => Promise.resolve();

/**
 * The web app's scripts and styles, and larger API answers, travel compressed (mobile data).
 * Runs once the body is final. An answer already marked `ctx.compress = false` (a small JSON
 * answer) is left alone: it is the same whatever the client accepts, so it needs no `Vary`
 * (and the caller need not wait: undefined instead of a promise).
 */
export function compression(): (ctx: Koa.Context) => Promise<void> | undefined {
  const compressAnswer = compress({
    threshold: COMPRESS_MIN_BYTES,
    gzip: { level: 6 },
    deflate: false,
    br: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  return (ctx) => (ctx.compress === false ? undefined : compressAnswer(ctx, noNext));
}
