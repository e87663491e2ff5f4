import type Koa from 'koa';
import { deepFreeze } from '../lib/deep-freeze.js';
import { COMPRESS_MIN_BYTES } from './compression.js';

/**
 * Turns an object or array body into its JSON once (text, or the bytes kept for a body of the
 * answer cache) and says whether it did. Koa would serialise such a body every time its length
 * is read (koa-compress reads it, then Koa itself) and once more to send it. Runs after the
 * contract check, which wants the object.
 */
export function serialiseJsonBody(response: Koa.Response): boolean {
  const body: unknown = response.body;
  if (!isJsonBody(body)) return false;
  // Koa typed the object body as JSON already; a text or bytes body keeps that type
  response.body = serialisedOnce.get(body) ?? JSON.stringify(body);
  // most answers are this small whatever the client accepts: koa-compress need not look at them
  if (response.length < COMPRESS_MIN_BYTES) response.ctx.compress = false;
  return true;
}

/**
 * The JSON of bodies that never change again (the answer cache's), serialised once and kept as
 * UTF-8 bytes, so that sending them again encodes nothing.
 */
const serialisedOnce = new WeakMap<object, Buffer>();

/** Deep-freezes `body` and serialises it now: each later answer with it reuses the bytes. */
export function freezeAndSerialise(body: object): void {
  serialisedOnce.set(deepFreeze(body), Buffer.from(JSON.stringify(body)));
}

/** An object or array answer, not yet serialised: what goes out as JSON. */
export function isJsonBody(body: unknown): body is object {
  return typeof body === 'object' && body !== null && !isRawBody(body);
}

/** Bytes or a stream: sent as they are, neither serialised nor checked against the contract. */
export function isRawBody(body: unknown): boolean {
  return Buffer.isBuffer(body) || typeof (body as { pipe?: unknown }).pipe === 'function';
}
