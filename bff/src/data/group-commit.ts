import { performance } from 'node:perf_hooks';
import { setImmediate } from 'node:timers/promises';
import { TransactionEnded, type Database } from './database.js';
import { isRetryableConflict } from './engines.js';

/** The most calls one transaction settles: a batch stays short, so nobody waits long behind it. */
const MAX_BATCH = 100;

/**
 * How long a batch goes on taking waiting calls, in milliseconds of its transaction. On SQLite a
 * batch holds the event loop from its BEGIN to its COMMIT (every statement is synchronous): a
 * warm batch of up to 100 applications runs 600–1,300 statements in 10–70 ms, but in a fresh
 * server's first round or on a machine short of CPU one ran 125 ms to 1.5 s, and nothing else
 * (a read, an answer, the next call's parsing) ran meanwhile (docs/performance.md, the 9:00
 * tail). Past this budget the batch commits with the calls it has and the rest go in the next
 * one, after the event loop has had a turn. Above a warm batch's time: a budget of 40 ms split
 * warm batches too, and each split costs the calls left over a commit and a turn (the rush's
 * application p99 of later rounds rose from 45–83 to 75–165 ms). SQLite's only: on PostgreSQL a
 * batch waits on the network between statements and the event loop serves other calls meanwhile,
 * so there a batch takes every call waiting, up to MAX_BATCH, and pays one WAL flush for them.
 */
export const BATCH_BUDGET_MS = 100;

interface Waiting {
  work: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Group commit: calls that would each be a transaction of their own, and that all lock the same
 * row first (an activity's, for the 9:00 rush of applications), settled together. The first call
 * of a key starts a transaction at once; calls of that key arriving meanwhile wait, and the next
 * transaction takes them all (up to MAX_BATCH) in order of arrival, each in a savepoint of its
 * own: a call that throws (its checks refuse it) undoes only its own writes and gets its own
 * error, the others go on. Each caller is answered only after the commit that holds its work, so
 * a crash before the commit loses nothing that was acknowledged. On SQLite a batch is one BEGIN
 * and COMMIT and one wait for the WAL's flush (sqlite-wal-flush.ts; it was the commit's own fsync
 * on the event loop, most of an application's cost alone, before); there, with one writer, every
 * key shares one line: the calls for 50 activities waiting at 9:00 are one batch,
 * not 50 (bench/opening-day.mjs: with a batch per activity, about four calls each, the commits'
 * fsyncs took a third of the server's time). On PostgreSQL a batch saves each call's BEGIN and
 * COMMIT round trips and WAL flush wait; it holds one key's row lock, so two processes' batches
 * for different activities do not wait for each other (docs/performance.md has the figures).
 *
 * If the batch's transaction itself fails (the database away, a deadlock past its retries, an
 * error SQLite ends the transaction on), each call is run again alone in a transaction of its own,
 * so one call's fault is never the others' answer. The work must touch nothing outside the
 * database (it may run twice, as any transaction may on PostgreSQL).
 */
export function createGroupCommit(
  db: Database,
  { budgetMs = db.engine === 'sqlite' ? BATCH_BUDGET_MS : Infinity }: { budgetMs?: number } = {},
) {
  const queues = new Map<string, Waiting[]>();

  /**
   * One batch: the calls waiting when its transaction begins (not when it was asked for: while
   * it waits for the connection, the calls whose own reads were ahead of it join the line, and
   * this is what makes the batch grow with the load; SQLite's commit blocks the event loop, so
   * nothing arrives during it), up to MAX_BATCH, taken in order of arrival until the batch has
   * run for its budget: the others wait for the next.
   */
  async function settleNext(queue: Waiting[]): Promise<void> {
    const calls: Waiting[] = [];
    let attempts = 0;
    let outcomes: Outcome[];
    try {
      outcomes = await db.transaction(async () => {
        // taken in the first run only: a transaction run again after a deadlock redoes the same calls
        const waiting = attempts++ === 0 ? Math.min(queue.length, MAX_BATCH) : 0;
        const started = performance.now();
        const more = () =>
          calls.length < waiting && (calls.length === 0 || performance.now() - started < budgetMs);
        const done: Outcome[] = [];
        for (let i = 0; i < calls.length || more(); i++) {
          if (i === calls.length) calls.push(queue.shift() as Waiting);
          const call = calls[i] as Waiting;
          try {
            done.push({ ok: true, value: await db.savepoint(call.work) });
          } catch (error) {
            // chosen as a deadlock's victim: the whole batch runs again, as a transaction would;
            // a transaction SQLite ended itself: each call runs again alone
            if (isRetryableConflict(error) || error instanceof TransactionEnded) throw error;
            done.push({ ok: false, error });
          }
        }
        return done;
      });
    } catch {
      // the transaction failed before it took any call (BEGIN refused): the next ones, alone
      if (calls.length === 0) calls.push(...queue.splice(0, MAX_BATCH));
      outcomes = [];
      for (const call of calls) {
        try {
          outcomes.push({ ok: true, value: await db.transaction(call.work) });
        } catch (error) {
          outcomes.push({ ok: false, error });
        }
      }
    }
    calls.forEach((call, i) => {
      const outcome = outcomes[i] as Outcome;
      if (outcome.ok) call.resolve(outcome.value);
      else call.reject(outcome.error);
    });
  }

  async function drain(key: string, queue: Waiting[]): Promise<void> {
    while (queue.length > 0) {
      // On SQLite a whole call (its reads, its transaction, its commit) runs in the microtasks of
      // the I/O callback that read it: started at once, each batch would hold one call. Waiting
      // for the end of this turn of the event loop lets every call read in it join the line.
      await setImmediate();
      await settleNext(queue);
    }
    queues.delete(key);
  }

  return {
    /** Runs work in the next transaction of this key's batch; answers as work answers. */
    run<T>(key: string, work: () => Promise<T>): Promise<T> {
      if (db.inTransaction()) return work();
      return new Promise<T>((resolve, reject) => {
        const call = { work, resolve: resolve as (value: unknown) => void, reject };
        // SQLite has one writer: whatever waits joins the next batch, whichever its key
        const line = db.engine === 'sqlite' ? '' : key;
        const queue = queues.get(line);
        if (queue) {
          queue.push(call);
          return;
        }
        const fresh = [call];
        queues.set(line, fresh);
        void drain(line, fresh);
      });
    },
  };
}

export type GroupCommit = ReturnType<typeof createGroupCommit>;
