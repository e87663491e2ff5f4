import { createHash } from 'node:crypto';
import type { Database } from '../data/database.js';
import type { IdempotencyKeysRepo } from '../data/idempotency-keys-repo.js';
import type { Clock } from '../lib/clock.js';
import { unprocessable } from './errors.js';

/** How long a key answers its first answer again. */
export const IDEMPOTENCY_KEY_MS = 24 * 3_600_000;

/** What a call done once answers, the first time and on every retry with its key. */
export interface Answer<T> {
  status: number;
  body: T;
}

/** JSON with every object's keys in order: the same body hashes the same however it was sent. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, item]) => `${JSON.stringify(k)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * A resident's call with an `Idempotency-Key` done at most once per account and key for a day:
 * the key and its answer are written in the same transaction as the work, so a crash keeps both
 * or neither. The same key and body again answer the stored answer (the work does not run); a
 * call with the same key while the first still runs waits for it (SQLite runs one writer at a
 * time; on PostgreSQL the key's row is locked until the first commits). A refusal (a thrown
 * error) rolls the key back with the work: nothing is stored, and a retry is judged afresh. The
 * same key with another body answers 422 `idempotency_key_reused` and changes nothing.
 */
export function createIdempotency(deps: { db: Database; clock: Clock; keys: IdempotencyKeysRepo }) {
  const { db, clock, keys } = deps;
  return async function once<T>(
    call: { userId: number; key: string | undefined; body: unknown; status: number },
    run: () => Promise<T>,
  ): Promise<Answer<T>> {
    const { userId, key, status } = call;
    if (key === undefined) return { status, body: await run() };
    const requestHash = createHash('sha256').update(canonical(call.body)).digest('hex');
    return db.transaction(async () => {
      const now = clock.now();
      const earlier = await keys.claim(
        { user_id: userId, key, request_hash: requestHash, created_at: now.toISOString() },
        new Date(now.getTime() - IDEMPOTENCY_KEY_MS).toISOString(),
      );
      if (earlier) {
        if (earlier.request_hash !== requestHash) throw unprocessable('idempotency_key_reused');
        return { status: earlier.status, body: JSON.parse(earlier.response) as T };
      }
      const body = await run();
      await keys.settle(userId, key, status, JSON.stringify(body));
      return { status, body };
    });
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
