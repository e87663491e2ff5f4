import { createThreadPool } from '../lib/thread-pool.js';

export type PasswordJob =
  { op: 'hash'; password: string } | { op: 'verify'; hash: string; password: string };

/**
 * Password hashes on `threads` threads of their own (password-worker.ts), each with its own queue
 * (lib/thread-pool.ts). Beyond `threads` running plus `maxWaiting` waiting, `onFull` decides (a
 * 503), so a burst never builds an unbounded queue.
 */
export function createPasswordThreads(options: {
  threads: number;
  maxWaiting: number;
  onFull: () => never;
}) {
  const pool = createThreadPool<PasswordJob, string | boolean>({
    callerUrl: import.meta.url,
    module: 'password-worker',
    name: 'password',
    ...options,
  });

  function run(job: { op: 'hash'; password: string }): Promise<string>;
  function run(job: { op: 'verify'; hash: string; password: string }): Promise<boolean>;
  function run(job: PasswordJob): Promise<string | boolean> {
    return pool.run(job);
  }

  return {
    run,
    start: pool.start,
    get pending() {
      return pool.pending;
    },
    close: pool.close,
  };
}
