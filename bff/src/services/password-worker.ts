import { hashSync, verifySync } from '@node-rs/argon2';
import { setPriority } from 'node:os';
import { serveJobs } from '../lib/thread-pool.js';
import { ARGON2_OPTIONS } from './argon2-options.js';
import type { PasswordJob } from './password-threads.js';

// One password thread (password-threads.ts): hashes and checks one at a time, synchronously, in
// the order they arrive. Jobs wait in this thread's own message queue, so the next one starts the
// moment the last ends, whatever the server's main thread is doing.

/**
 * Hashes run below the server's other work: a login waits in this queue anyway, while a resident
 * paying, a notification from the bank or a PostgreSQL on the same machine should never wait for
 * a core behind a hash. The thread still takes every cycle nobody else needs. On Linux the nice
 * value belongs to the thread (pid 0 here is this thread); elsewhere it would lower the whole
 * process, so it is left alone.
 */
const PASSWORD_THREAD_NICE = 10;
if (process.platform === 'linux') setPriority(PASSWORD_THREAD_NICE);

serveJobs<PasswordJob>((job) =>
  job.op === 'hash' ? hashSync(job.password, ARGON2_OPTIONS) : verifySync(job.hash, job.password),
);
