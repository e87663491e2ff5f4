import { describe, expect, it } from 'vitest';
import { createWorkLimiter } from '../src/lib/work-limiter.js';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('work limiter', () => {
  it('runs at most `parallel` tasks, queues the rest in order and refuses beyond the queue', async () => {
    const limiter = createWorkLimiter({
      parallel: 1,
      maxQueue: 1,
      onFull: () => {
        throw new Error('full');
      },
    });
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
    expect(limiter.running).toBe(1);
    expect(limiter.queued).toBe(1);
    await expect(limiter.run(async () => 'c')).rejects.toThrow('full');
    first.resolve();
    await Promise.all([a, b]);
    expect(order).toEqual(['a:start', 'a:end', 'b']);
    expect(limiter.running).toBe(0);
  });

  it('frees the slot when a task fails', async () => {
    const limiter = createWorkLimiter({
      parallel: 1,
      maxQueue: 5,
      onFull: () => {
        throw new Error('full');
      },
    });
    await expect(
      limiter.run(async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await limiter.run(async () => 42)).toBe(42);
    expect(limiter.running).toBe(0);
  });
});
