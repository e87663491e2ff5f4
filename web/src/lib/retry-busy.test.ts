import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  retryAfterSeconds,
  retryWhileBusy,
  waitBeforeRetryMs,
  type AttemptAnswer,
} from './retry-busy';

type Answer = { status: number; key: string };

const busy = (key: string, retryAfter: string | null = '1'): AttemptAnswer<Answer> => ({
  busy: true,
  value: { status: 503, key },
  retryAfter,
});
const done = (key: string): AttemptAnswer<Answer> => ({
  busy: false,
  value: { status: 201, key },
});

describe('how long to wait', () => {
  it('reads Retry-After in whole seconds, with a default, a floor of 1 s and a cap of 30 s', () => {
    expect(retryAfterSeconds('1')).toBe(1);
    expect(retryAfterSeconds(' 7 ')).toBe(7);
    expect(retryAfterSeconds(null)).toBe(2);
    expect(retryAfterSeconds('')).toBe(2);
    expect(retryAfterSeconds('soon')).toBe(2);
    expect(retryAfterSeconds('-3')).toBe(2);
    expect(retryAfterSeconds('1.5')).toBe(2);
    expect(retryAfterSeconds('Wed, 21 Oct 2026 07:28:00 GMT')).toBe(2);
    expect(retryAfterSeconds('0')).toBe(1);
    expect(retryAfterSeconds('3600')).toBe(30);
  });

  it('adds from nothing to half the wait at random, never less and never more', () => {
    expect(waitBeforeRetryMs('4', () => 0)).toBe(4000);
    expect(waitBeforeRetryMs('4', () => 0.5)).toBe(5000);
    expect(waitBeforeRetryMs('4', () => 0.999_999)).toBe(6000);
    for (let i = 0; i < 1000; i += 1) {
      const wait = waitBeforeRetryMs('2');
      expect(wait).toBeGreaterThanOrEqual(2000);
      expect(wait).toBeLessThanOrEqual(3000);
    }
  });
});

describe('retrying while the server is busy', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits Retry-After plus the jitter before each new attempt, then returns the final answer', async () => {
    const key = 'k-1';
    const sent: { at: number; key: string }[] = [];
    const answers = [busy(key, '3'), busy(key, '1'), done(key)];
    const waits: number[] = [];
    const start = Date.now();
    const result = retryWhileBusy(
      async () => {
        sent.push({ at: Date.now() - start, key });
        return answers.shift() ?? done(key);
      },
      { random: () => 0.5, onWait: (ms) => waits.push(ms) },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    // 3 s asked, a quarter of it added (half the 50 % jitter): not a moment before 3.75 s
    await vi.advanceTimersByTimeAsync(3749);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1250);
    await expect(result).resolves.toEqual({ kind: 'done', value: { status: 201, key } });
    expect(waits).toEqual([3750, 1250]);
    expect(sent.map((s) => s.at)).toEqual([0, 3750, 5000]);
    expect(new Set(sent.map((s) => s.key))).toEqual(new Set([key]));
  });

  it('a final answer at once is returned without waiting', async () => {
    const attempt = vi.fn(async () => done('k'));
    await expect(retryWhileBusy(attempt)).resolves.toEqual({
      kind: 'done',
      value: { status: 201, key: 'k' },
    });
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('stops at the limit of total time with the last refusal, trying no more', async () => {
    const attempt = vi.fn(async () => busy('k', '30'));
    const result = retryWhileBusy(attempt, { random: () => 0 });
    await vi.advanceTimersByTimeAsync(120_000);
    // attempts at 0, 30, 60, 90 and 120 s; a sixth would start at 150 s, past the 2 minutes
    await expect(result).resolves.toEqual({ kind: 'gave_up', value: { status: 503, key: 'k' } });
    expect(attempt).toHaveBeenCalledTimes(5);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(attempt).toHaveBeenCalledTimes(5);
  });

  it('a shorter limit given by the caller ends sooner', async () => {
    const attempt = vi.fn(async () => busy('k', '1'));
    const result = retryWhileBusy(attempt, { random: () => 0, policy: { limitMs: 2500 } });
    await vi.advanceTimersByTimeAsync(5000);
    await expect(result).resolves.toMatchObject({ kind: 'gave_up' });
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it('cancelling during a wait stops at once, and no attempt follows', async () => {
    const controller = new AbortController();
    const attempt = vi.fn(async () => busy('k', '10'));
    const result = retryWhileBusy(attempt, { signal: controller.signal, random: () => 0 });
    await vi.advanceTimersByTimeAsync(3000);
    controller.abort();
    await expect(result).resolves.toEqual({ kind: 'cancelled', value: { status: 503, key: 'k' } });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('cancelling while an attempt is under way keeps its answer if it is final', async () => {
    const controller = new AbortController();
    let finish: (answer: AttemptAnswer<Answer>) => void = () => undefined;
    const result = retryWhileBusy<Answer>(() => new Promise((resolve) => (finish = resolve)), {
      signal: controller.signal,
    });
    controller.abort();
    finish(done('k'));
    await expect(result).resolves.toEqual({ kind: 'done', value: { status: 201, key: 'k' } });
  });

  it('cancelling while an attempt is under way that is refused does not wait again', async () => {
    const controller = new AbortController();
    const attempt = vi.fn(async () => {
      controller.abort();
      return busy('k');
    });
    const onWait = vi.fn();
    const result = retryWhileBusy(attempt, { signal: controller.signal, onWait });
    await expect(result).resolves.toMatchObject({ kind: 'cancelled' });
    expect(onWait).not.toHaveBeenCalled();
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});
