/**
 * Retrying a call the server refused because it was busy (503 with `Retry-After`): wait what it
 * asks, plus a random share more so that thousands of residents refused in the same second do
 * not all come back in the same second, and stop after a bound on the total time. The caller
 * sends the same request (same idempotency key) on every attempt; this module only decides when.
 */

export interface RetryBusyPolicy {
  /** The wait when the answer names none (or names nonsense), in seconds. */
  defaultWaitSeconds: number;
  /** The longest single wait, whatever the server asks, in seconds. */
  maxWaitSeconds: number;
  /** Up to this share of the wait is added at random (0.5: from 1× to 1.5× the wait). */
  jitter: number;
  /** No attempt starts later than this after the first one, in milliseconds. */
  limitMs: number;
}

export const RETRY_BUSY_POLICY: RetryBusyPolicy = {
  defaultWaitSeconds: 2,
  maxWaitSeconds: 30,
  jitter: 0.5,
  limitMs: 120_000,
};

/** One attempt's answer: final, or a refusal worth waiting for (with the server's Retry-After). */
export type AttemptAnswer<T> =
  { busy: false; value: T } | { busy: true; value: T; retryAfter: string | null };

/** The answer that ended the retrying: final, the last refusal once time ran out, or cancelled. */
export type RetryResult<T> =
  { kind: 'done'; value: T } | { kind: 'gave_up'; value: T } | { kind: 'cancelled'; value: T };

export interface RetryBusyOptions<T> {
  /** Aborting it stops before the next wait or during one (an attempt under way finishes). */
  signal?: AbortSignal;
  /** Before each wait: how long, and the refusal it follows. */
  onWait?: (waitMs: number, refusal: T) => void;
  /** Before each attempt after the first. */
  onRetry?: (attempt: number) => void;
  policy?: Partial<RetryBusyPolicy>;
  /** In [0, 1); Math.random unless a test fixes it. */
  random?: () => number;
}

/**
 * Retry-After in seconds (the server sends whole seconds; an HTTP date is not used here), at
 * least 1 and at most the policy's cap; missing or unreadable, the policy's default.
 */
export function retryAfterSeconds(header: string | null, policy = RETRY_BUSY_POLICY): number {
  const text = header?.trim() ?? '';
  const seconds = /^\d+$/.test(text) ? Number(text) : policy.defaultWaitSeconds;
  return Math.min(Math.max(seconds, 1), policy.maxWaitSeconds);
}

/** The wait before the next attempt, in milliseconds: Retry-After plus up to `jitter` of it. */
export function waitBeforeRetryMs(
  header: string | null,
  random: () => number = Math.random,
  policy = RETRY_BUSY_POLICY,
): number {
  const base = retryAfterSeconds(header, policy) * 1000;
  return Math.round(base * (1 + policy.jitter * random()));
}

/** Resolves after `ms`, or with false as soon as the signal aborts. */
function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const stop = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/**
 * Calls `attempt` until its answer is final, waiting as the server asks between refusals; gives up
 * (with the last refusal) when the next attempt would start after the policy's limit.
 */
export async function retryWhileBusy<T>(
  attempt: (number: number) => Promise<AttemptAnswer<T>>,
  options: RetryBusyOptions<T> = {},
): Promise<RetryResult<T>> {
  const policy = { ...RETRY_BUSY_POLICY, ...options.policy };
  const random = options.random ?? Math.random;
  const startedAt = Date.now();
  for (let number = 1; ; number += 1) {
    if (number > 1) options.onRetry?.(number);
    const answer = await attempt(number);
    if (!answer.busy) return { kind: 'done', value: answer.value };
    if (options.signal?.aborted) return { kind: 'cancelled', value: answer.value };
    const waitMs = waitBeforeRetryMs(answer.retryAfter, random, policy);
    if (Date.now() + waitMs - startedAt > policy.limitMs) {
      return { kind: 'gave_up', value: answer.value };
    }
    options.onWait?.(waitMs, answer.value);
    if (!(await sleep(waitMs, options.signal))) return { kind: 'cancelled', value: answer.value };
  }
}
