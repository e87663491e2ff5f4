import { createThreadPool } from '../lib/thread-pool.js';

export type PasswordJob =
  { op: 'hash'; password: string } | { op: 'verify'; hash: string; password: string };

/**
 * Whose password is checked: `known` (staff, a login with this account's device token, a
 * signed-in resident) or `anonymous` (anyone else: a login nothing vouches for). Under a flood of
 * anonymous logins the known ones still get a thread soon: they never queue behind the flood.
 */
export type PasswordPriority = 'known' | 'anonymous';

/** Anonymous jobs handed to each thread at once; the rest wait here, behind any known job. */
const ANONYMOUS_PER_THREAD = 2;

/**
 * Password hashes on `threads` threads of their own (password-worker.ts), each with its own queue
 * (lib/thread-pool.ts). Known callers' jobs go to the threads at once; anonymous ones at most two
 * per thread, the others waiting in order on the main thread, so a known job waits for at most
 * two anonymous ones per thread, however many came first. Each kind has its own bound: beyond
 * `threads` running plus `maxWaiting` waiting of that kind, `onFull` decides (a 503), so a burst
 * never builds an unbounded queue, and anonymous jobs never fill the known ones' room.
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
    threads: options.threads,
  });
  const room = options.threads + options.maxWaiting;
  let known = 0;
  let anonymousRunning = 0;
  const anonymousWaiting: { go: () => void; fail: (err: Error) => void }[] = [];

  const runAnonymous = (job: PasswordJob): Promise<string | boolean> => {
    anonymousRunning++;
    return pool.run(job).finally(() => {
      anonymousRunning--;
      anonymousWaiting.shift()?.go();
    });
  };

  function run(job: { op: 'hash'; password: string }, priority?: PasswordPriority): Promise<string>;
  function run(
    job: { op: 'verify'; hash: string; password: string },
    priority?: PasswordPriority,
  ): Promise<boolean>;
  function run(job: PasswordJob, priority: PasswordPriority = 'known'): Promise<string | boolean> {
    if (priority === 'known') {
      if (known >= room) options.onFull();
      known++;
      return pool.run(job).finally(() => known--);
    }
    if (anonymousRunning + anonymousWaiting.length >= room) options.onFull();
    if (anonymousRunning < options.threads * ANONYMOUS_PER_THREAD) return runAnonymous(job);
    return new Promise<void>((go, fail) => anonymousWaiting.push({ go, fail })).then(() =>
      runAnonymous(job),
    );
  }

  return {
    run,
    start: pool.start,
    get pending() {
      return pool.pending + anonymousWaiting.length;
    },
    /** Stops the threads; jobs still waiting fail. */
    async close() {
      for (const waiting of anonymousWaiting.splice(0))
        waiting.fail(new Error('password threads closed'));
      await pool.close();
    },
  };
}
