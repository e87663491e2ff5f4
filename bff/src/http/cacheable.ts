import { createHash } from 'node:crypto';
import type Koa from 'koa';
import { jsonOf } from './json-body.js';

/**
 * Answers `body` as a public answer caches may keep `maxAgeSeconds` and serve stale
 * `staleSeconds` more while they fetch it again: a strong ETag computed from the body itself
 * (so every process, computing the same answer from the database, gives the same tag: nothing is
 * held in a process), `Vary` on the request headers the answer depends on, and 304 with no body
 * when the caller's `If-None-Match` names the tag.
 */
export function answerCacheable(
  ctx: Koa.Context,
  body: object,
  cache: { maxAgeSeconds: number; staleSeconds: number; vary: string[] },
): void {
  const tag = `"${createHash('sha256').update(jsonOf(body)).digest('base64url').slice(0, 27)}"`;
  ctx.status = 200;
  ctx.body = body;
  ctx.set('ETag', tag);
  ctx.set(
    'Cache-Control',
    `public, max-age=${cache.maxAgeSeconds}, stale-while-revalidate=${cache.staleSeconds}`,
  );
  for (const header of cache.vary) ctx.vary(header);
  if (noneMatch(ctx.get('If-None-Match'), tag)) {
    ctx.status = 304;
    ctx.body = null;
  }
}

/**
 * Whether `If-None-Match` names this tag (RFC 9110 13.1.2: `*`, or a list compared weakly).
 * Not Koa's `ctx.fresh`: it answers "not fresh" whenever the request says `Cache-Control:
 * no-cache`, which fetch() adds to every request with a validator of its own making, although
 * revalidating with the origin is exactly what such a request asks for.
 */
function noneMatch(header: string, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((given) => given.trim().replace(/^W\//, '') === tag);
}
