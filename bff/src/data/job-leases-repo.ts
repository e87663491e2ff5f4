import type { Database } from './database.js';

/**
 * Leases that let one process at a time run a background job, whatever the number of processes:
 * taking one is a single conditional UPDATE, atomic on both engines, so two processes can never
 * both hold it. A lease ends when released or when it expires (its holder died halfway).
 */
export function createJobLeasesRepo(db: Database) {
  return {
    /**
     * Takes the lease when nobody holds it and the job last ran at least `everyMs` ago (0: whenever
     * free). True only for the one caller that got it.
     */
    async acquire(
      name: string,
      holder: string,
      now: number,
      ttlMs: number,
      everyMs: number,
    ): Promise<boolean> {
      await db
        .q()
        .insertInto('job_leases')
        .values({ name, holder: null, expires_at: 0, last_run_at: null })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const result = await db
        .q()
        .updateTable('job_leases')
        .set({ holder, expires_at: now + ttlMs })
        .where('name', '=', name)
        .where('expires_at', '<=', now)
        .$if(everyMs > 0, (q) =>
          q.where((eb) =>
            eb.or([eb('last_run_at', 'is', null), eb('last_run_at', '<=', now - everyMs)]),
          ),
        )
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    /** Ends the lease (only the holder can) and records the run. */
    async release(name: string, holder: string, now: number): Promise<void> {
      await db
        .q()
        .updateTable('job_leases')
        .set({ holder: null, expires_at: 0, last_run_at: now })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .execute();
    },
  };
}

export type JobLeasesRepo = ReturnType<typeof createJobLeasesRepo>;
