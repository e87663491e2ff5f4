import { zCreateApplicationHeaders } from '../generated/zod.gen.js';
import { invalid } from '../services/errors.js';

const HEADER = 'Idempotency-Key';

/**
 * The call's `Idempotency-Key` (one per click of the resident, the same on every retry of it),
 * checked against the contract's rule (1–100 of `A-Z a-z 0-9 - _`); undefined when not sent. A
 * malformed key is a 422 in the caller's language, before anything is done.
 */
export function idempotencyKeyOf(ctx: {
  request: { headers: Record<string, string | string[] | undefined> };
}): string | undefined {
  const raw = ctx.request.headers[HEADER.toLowerCase()];
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw.join(', ') : raw;
  if (!zCreateApplicationHeaders.safeParse({ [HEADER]: value }).success) {
    throw invalid([
      { loc: ['header', HEADER], msg: 'idempotency_key_invalid', type: 'idempotency_key_invalid' },
    ]);
  }
  return value;
}
