/**
 * At most `parallel` tasks at a time; later ones wait in a queue of at most `maxQueue`, and beyond
 * that `onFull` decides (e.g. throw a 503). A finishing task hands its slot to the next waiter.
 */
export function createWorkLimiter(options: {
  parallel: number;
  maxQueue: number;
  onFull: () => never;
}) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < options.parallel) {
        running += 1;
      } else {
        if (waiting.length >= options.maxQueue) options.onFull();
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
    get running() {
      return running;
    },
    get queued() {
      return waiting.length;
    },
  };
}
