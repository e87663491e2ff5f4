import pLimit from 'p-limit';

/**
 * p-limit's concurrency limit with a bound on how many may wait: beyond `maxWaiting`, `onFull`
 * decides (e.g. a 503), so a burst never builds an unbounded queue of work nobody will wait for.
 */
export function createBoundedLimit(options: {
  parallel: number;
  maxWaiting: number;
  onFull: () => never;
}) {
  const limit = pLimit(options.parallel);
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      if (limit.activeCount >= options.parallel && limit.pendingCount >= options.maxWaiting) {
        options.onFull();
      }
      return limit(task);
    },
    get running() {
      return limit.activeCount;
    },
    get queued() {
      return limit.pendingCount;
    },
  };
}
