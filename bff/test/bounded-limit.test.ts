import { describe, expect, it } from 'vitest';
import { createBoundedLimit } from '../src/lib/bounded-limit.js';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

const full = () => {
  throw new Error('full');
};

describe('bounded limit (argon2 slots)', () => {
  it('runs at most `parallel` tasks, queues the rest in order and refuses beyond the queue', async () => {
    const limiter = createBoundedLimit({ parallel: 1, maxWaiting: 1, onFull: full });
    const order: string[] = [];
    const first = deferred();
    const a = limiter.run(async () => {
      order.push('a:start');
      await first.promise;
      order.push('a:end');
    });
    const b = limiter.run(async () => {
      order.push('b');
    });
    await Promise.resolve();
    expect(limiter.running).toBe(1);
    expect(limiter.queued).toBe(1);
    expect(() => limiter.run(async () => 'c')).toThrow('full');
    first.resolve();
    await Promise.all([a, b]);
    expect(order).toEqual(['a:start', 'a:end', 'b']);
    expect(limiter.running).toBe(0);
  });

  it('frees the slot when a task fails', async () => {
    const limiter = createBoundedLimit({ parallel: 1, maxWaiting: 5, onFull: full });
    await expect(
      limiter.run(async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await limiter.run(async () => 42)).toBe(42);
    expect(limiter.running).toBe(0);
  });
});
