import type Koa from 'koa';
import { COMPRESS_MIN_BYTES } from './compression.js';

/**
 * Turns an object or array body into its JSON once and says whether it did. Koa would serialise
 * such a body every time its length is read (koa-compress reads it, then Koa itself) and once
 * more to send it. Runs after the contract check, which wants the object.
 */
export function serialiseJsonBody(response: Koa.Response): boolean {
  const body: unknown = response.body;
  if (!isJsonBody(body)) return false;
  // Koa typed the object body as JSON already; a text or bytes body keeps that type
  response.body = serialised.get(body) ?? JSON.stringify(body);
  // most answers are this small whatever the client accepts: koa-compress need not look at them
  if (response.length < COMPRESS_MIN_BYTES) response.ctx.compress = false;
  return true;
}

/** Bodies whose JSON a route already made (an ETag is computed from it): not made twice. */
const serialised = new WeakMap<object, string>();

/** Gives the JSON of `body` (made once) and keeps it for the sending of that same body. */
export function jsonOf(body: object): string {
  let json = serialised.get(body);
  if (json === undefined) {
    json = JSON.stringify(body);
    serialised.set(body, json);
  }
  return json;
}

/** An object or array answer, not yet serialised: what goes out as JSON. */
export function isJsonBody(body: unknown): body is object {
  return typeof body === 'object' && body !== null && !isRawBody(body);
}

/** Bytes or a stream: sent as they are, neither serialised nor checked against the contract. */
export function isRawBody(body: unknown): boolean {
  return Buffer.isBuffer(body) || typeof (body as { pipe?: unknown }).pipe === 'function';
}
