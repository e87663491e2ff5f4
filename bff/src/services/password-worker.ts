import { hashSync, verifySync } from '@node-rs/argon2';
import { parentPort } from 'node:worker_threads';
import { ARGON2_OPTIONS } from './argon2-options.js';
import type { PasswordJob, PasswordReply } from './password-threads.js';

/**
 * One password thread (password-threads.ts): hashes and checks one at a time, synchronously, in
 * the order they arrive. Jobs wait in this thread's own message queue, so the next one starts the
 * moment the last ends, whatever the server's main thread is doing.
 */
const port = parentPort;
if (!port) throw new Error('password-worker.ts runs only as a worker thread');

port.on('message', ({ id, job }: { id: number; job: PasswordJob }) => {
  let reply: PasswordReply;
  try {
    reply = {
      id,
      value:
        job.op === 'hash'
          ? hashSync(job.password, ARGON2_OPTIONS)
          : verifySync(job.hash, job.password),
    };
  } catch (err) {
    reply = { id, error: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply);
});
