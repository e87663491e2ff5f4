import { once } from 'node:events';
import { parentPort, type Worker } from 'node:worker_threads';
import { startWorker } from './worker-thread.js';

/** What a pool thread sends back for job `id`: its value, or the error it met. */
export interface JobReply {
  id: number;
  value?: unknown;
  error?: { message: string; code?: string };
}

/** Asks a pool thread to finish its jobs, clean up and end (see `close`). */
const CLOSE = 'close';
/** How long a closing thread may take before it is stopped. */
const CLOSE_TIMEOUT_MS = 5_000;

interface Thread {
  worker: Worker;
  jobs: Set<number>;
}

export interface ThreadPoolOptions {
  /** The worker module's URL base (the caller's import.meta.url) and its name beside it. */
  callerUrl: string;
  module: string;
  workerData?: unknown;
  threads: number;
  /** Beyond `threads` running plus this many waiting, `onFull` decides (e.g. a 503). */
  maxWaiting?: number;
  onFull?: () => never;
  /** Names the error a job gets when its thread ends under it. */
  name: string;
}

/**
 * Jobs for `threads` worker threads of one module (which answers with `serveJobs`). Each job goes
 * to the thread with the fewest waiting and queues there: a thread never waits for the main
 * thread to hand it the next job, which on a busy server cost time on every job
 * (bench/deadline-day.mjs, docs/performance.md). Threads start at the first job (or `start()`) and never keep an idle
 * process alive.
 * (Our own code rather than a pool library such as Piscina: these workers must also load as
 * TypeScript under the tests, see worker-thread.ts, and the whole pool is this file.)
 */
export function createThreadPool<Job, Value>(options: ThreadPoolOptions) {
  const threads: Thread[] = [];
  const waiting = new Map<number, { resolve: (v: Value) => void; reject: (e: Error) => void }>();
  const maxWaiting = options.maxWaiting ?? Infinity;
  let nextId = 1;

  const settle = (id: number, outcome: { value?: unknown; error?: Error }) => {
    const job = waiting.get(id);
    if (!job) return;
    waiting.delete(id);
    if (outcome.error) job.reject(outcome.error);
    else job.resolve(outcome.value as Value);
    // idle threads must not keep a process alive (a CLI, a test, a server shutting down)
    if (waiting.size === 0) for (const t of threads) t.worker.unref();
  };

  const startThread = (): Thread => {
    const thread: Thread = {
      worker: startWorker(options.callerUrl, options.module, options.workerData),
      jobs: new Set(),
    };
    thread.worker.on('message', (reply: JobReply) => {
      thread.jobs.delete(reply.id);
      settle(
        reply.id,
        reply.error
          ? { error: Object.assign(new Error(reply.error.message), { code: reply.error.code }) }
          : { value: reply.value },
      );
    });
    const lost = (err: Error) => {
      threads.splice(threads.indexOf(thread), 1);
      for (const id of thread.jobs) settle(id, { error: err });
    };
    thread.worker.on('error', lost);
    thread.worker.on('exit', (code) => {
      if (threads.includes(thread)) lost(new Error(`${options.name} thread ended (exit ${code})`));
    });
    threads.push(thread);
    return thread;
  };

  const start = () => {
    while (threads.length < options.threads) startThread();
  };

  return {
    run(job: Job): Promise<Value> {
      if (waiting.size >= options.threads + maxWaiting) options.onFull?.();
      start();
      const thread = threads.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
      const id = nextId++;
      return new Promise<Value>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        thread.jobs.add(id);
        for (const t of threads) t.worker.ref();
        thread.worker.postMessage({ id, job });
      });
    },
    /** Starts the threads now rather than at the first job (a server, before it listens). */
    start,
    /** Jobs running or waiting. */
    get pending() {
      return waiting.size;
    },
    /**
     * Stops every thread; jobs still waiting fail. Each thread is asked to end after the jobs it
     * has and ends by itself: terminating a thread in the middle of a native call (a SQLite
     * read) can abort the whole process (better-sqlite3 13 on Node 24, WiseLibs/better-sqlite3
     * #1507). One that does not end within 5 s is terminated.
     */
    async close() {
      const all = threads.splice(0);
      await Promise.all(
        all.map(async ({ worker }) => {
          const exited = once(worker, 'exit');
          const stop = setTimeout(() => void worker.terminate(), CLOSE_TIMEOUT_MS);
          worker.ref();
          worker.postMessage(CLOSE);
          await exited;
          clearTimeout(stop);
        }),
      );
      for (const id of [...waiting.keys()])
        settle(id, { error: new Error(`${options.name} threads closed`) });
    },
  };
}

/**
 * Inside a pool thread: answers each job with `handle`'s value, one at a time in the order they
 * arrive; a job that throws gets its error back and the thread goes on. Asked to close, it runs
 * `cleanUp` (e.g. closes its database) and lets the thread end.
 */
export function serveJobs<Job>(handle: (job: Job) => unknown, cleanUp?: () => void): void {
  const port = parentPort;
  if (!port) throw new Error('serveJobs runs only in a worker thread');
  port.on('message', (message: { id: number; job: Job } | typeof CLOSE) => {
    if (message === CLOSE) {
      cleanUp?.();
      port.close();
      return;
    }
    const { id, job } = message;
    let reply: JobReply;
    try {
      reply = { id, value: handle(job) };
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      reply = { id, error: { message: e.message, code: (e as { code?: string }).code } };
    }
    port.postMessage(reply);
  });
}
