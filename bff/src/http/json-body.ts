import type Koa from 'koa';
import { COMPRESS_MIN_BYTES } from './compression.js';
import type { AppState } from './context.js';

/**
 * Turns an object or array body into its JSON text once. Koa serialises such a body every time
 * its length is read (koa-compress reads it, then Koa itself) and once more to send it: three
 * JSON.stringify calls per answer. Sits outside the response checks, which want the object.
 */
export function jsonBody(): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    await next();
    const body: unknown = ctx.body;
    if (!isJsonBody(body)) return;
    // Koa typed the object body as JSON already; a text body keeps that type
    ctx.body = JSON.stringify(body);
    // most answers are small, and a client that sends no Accept-Encoding takes them as they are:
    // tell koa-compress now, before it inspects type, headers and encodings to learn it
    if (ctx.length < COMPRESS_MIN_BYTES || !ctx.headers['accept-encoding']) ctx.compress = false;
  };
}

/** An object or array answer, not yet serialised: what goes out as JSON. */
export function isJsonBody(body: unknown): body is object {
  return typeof body === 'object' && body !== null && !isRawBody(body);
}

/** Bytes or a stream: sent as they are, neither serialised nor checked against the contract. */
export function isRawBody(body: unknown): boolean {
  return Buffer.isBuffer(body) || typeof (body as { pipe?: unknown }).pipe === 'function';
}
