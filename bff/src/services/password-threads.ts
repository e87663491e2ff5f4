import type { Worker } from 'node:worker_threads';
import { startWorker } from '../lib/worker-thread.js';

export type PasswordJob =
  { op: 'hash'; password: string } | { op: 'verify'; hash: string; password: string };
export type PasswordReply = { id: number; value?: string | boolean; error?: string };

interface Thread {
  worker: Worker;
  jobs: Set<number>;
}

/**
 * Password hashes on `threads` threads of their own (password-worker.ts). Each job goes to the
 * thread with the fewest waiting and queues there: a thread never waits for the main thread to
 * hand it the next job, which on a busy server cost 1–2 ms a check (bench/deadline-day.mjs).
 * Beyond `threads` running plus `maxWaiting` waiting, `onFull` decides (a 503), so a burst never
 * builds an unbounded queue.
 * (Our own code rather than a pool library such as Piscina: these workers must also load as
 * TypeScript under the tests, see lib/worker-thread.ts, and the whole pool is this file.)
 */
export function createPasswordThreads(options: {
  threads: number;
  maxWaiting: number;
  onFull: () => never;
}) {
  const threads: Thread[] = [];
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;

  const settle = (id: number, outcome: { value?: unknown; error?: Error }) => {
    const job = waiting.get(id);
    if (!job) return;
    waiting.delete(id);
    if (outcome.error) job.reject(outcome.error);
    else job.resolve(outcome.value);
    // idle threads must not keep a process alive (a CLI, a test, a server shutting down)
    if (waiting.size === 0) for (const t of threads) t.worker.unref();
  };

  const startThread = (): Thread => {
    const thread: Thread = {
      worker: startWorker(import.meta.url, 'password-worker'),
      jobs: new Set(),
    };
    thread.worker.on('message', (reply: PasswordReply) => {
      thread.jobs.delete(reply.id);
      settle(reply.id, reply.error ? { error: new Error(reply.error) } : { value: reply.value });
    });
    const lost = (err: Error) => {
      threads.splice(threads.indexOf(thread), 1);
      for (const id of thread.jobs) settle(id, { error: err });
    };
    thread.worker.on('error', lost);
    thread.worker.on('exit', (code) => {
      if (threads.includes(thread)) lost(new Error(`password thread ended (exit ${code})`));
    });
    threads.push(thread);
    return thread;
  };

  const start = () => {
    while (threads.length < options.threads) startThread();
  };

  function run(job: { op: 'hash'; password: string }): Promise<string>;
  function run(job: { op: 'verify'; hash: string; password: string }): Promise<boolean>;
  function run(job: PasswordJob): Promise<unknown> {
    if (waiting.size >= options.threads + options.maxWaiting) options.onFull();
    start();
    const thread = threads.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
    const id = nextId++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      thread.jobs.add(id);
      for (const t of threads) t.worker.ref();
      thread.worker.postMessage({ id, job });
    });
  }

  return {
    run,
    /** Starts the threads now rather than at the first job (a server, before it listens). */
    start,
    /** Jobs running or waiting. */
    get pending() {
      return waiting.size;
    },
    /** Stops every thread (tests; a server stops with its process). */
    async close() {
      const all = threads.splice(0);
      await Promise.all(all.map((t) => t.worker.terminate()));
      for (const id of [...waiting.keys()])
        settle(id, { error: new Error('password threads closed') });
    },
  };
}
