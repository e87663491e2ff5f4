import { randomUUID } from 'node:crypto';
import type { JobLeasesRepo } from '../../data/job-leases-repo.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../logger.js';

export interface JobDefinition {
  name: string;
  /** How often it runs, across all processes together. */
  everyMs: number;
  /** Longest a run may take: a holder that died halfway frees the job after this. */
  ttlMs: number;
  run(): Promise<unknown>;
}

/**
 * Runs background jobs on a timer in every process; a lease row in the database decides which
 * process actually runs each turn (data/job-leases-repo.ts), so several processes, a restart
 * halfway or a run asked for by staff while the timer fires never run the same job twice at once.
 */
export function createJobRunner(deps: {
  leases: JobLeasesRepo;
  clock: Clock;
  logger: Logger;
  /** Where each job's last successful run is told (a Prometheus gauge, in seconds). */
  lastSuccess?: { set(labels: { job: string }, unixSeconds: number): void };
}) {
  const holder = `${process.pid}-${randomUUID()}`;
  const jobs = new Map<string, JobDefinition>();
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();

  /** Runs the job if this process gets its lease; `force` ignores when it last ran. */
  async function turn(
    job: JobDefinition,
    force: boolean,
    run: () => Promise<unknown> = job.run,
  ): Promise<{ ran: boolean; result?: unknown }> {
    const now = deps.clock.now().getTime();
    const got = await deps.leases.acquire(
      job.name,
      holder,
      now,
      job.ttlMs,
      force ? 0 : job.everyMs,
    );
    if (!got) return { ran: false };
    try {
      const result = await run();
      deps.lastSuccess?.set({ job: job.name }, deps.clock.now().getTime() / 1000);
      return { ran: true, result };
    } finally {
      await deps.leases.release(job.name, holder, deps.clock.now().getTime());
    }
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    running.add(promise);
    void promise.finally(() => running.delete(promise)).catch(() => {});
    return promise;
  }

  return {
    register(job: JobDefinition): void {
      jobs.set(job.name, job);
    },
    /** Starts every registered job's timer (not in tests, which call runNow). */
    start(): void {
      for (const job of jobs.values()) {
        const tick = () =>
          void track(turn(job, false)).catch((err: unknown) =>
            deps.logger.error('background job failed', { job: job.name, error: String(err) }),
          );
        // a little spread, so processes started together do not all ask at the same moment
        const timer = setInterval(tick, Math.max(1000, job.everyMs / 5) + Math.random() * 1000);
        timer.unref();
        timers.push(timer);
      }
    },
    /**
     * Runs the job now in this process unless another one is running it: staff's "run now".
     * `run` replaces the job's own work for this turn (a staff run that differs a little), still
     * under the job's lease.
     */
    runNow<T = unknown>(
      name: string,
      run?: () => Promise<T>,
    ): Promise<{ ran: boolean; result?: T }> {
      const job = jobs.get(name);
      if (!job) throw new Error(`unknown job ${name}`);
      return track(turn(job, true, run)) as Promise<{ ran: boolean; result?: T }>;
    },
    /** Stops the timers and waits for runs in progress (graceful shutdown). */
    async stop(): Promise<void> {
      for (const timer of timers) clearInterval(timer);
      timers.length = 0;
      await Promise.allSettled([...running]);
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
