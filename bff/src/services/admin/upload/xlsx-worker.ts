import { parentPort, workerData } from 'node:worker_threads';
import type { ParentMessage, WorkerMessage } from './sheet-reader.js';
import { readVisibleSheets, type SheetRow } from './xlsx-reader.js';

/**
 * Reads a sheet for sheet-reader.ts once the parent says `read`: rows go to the parent in
 * batches, and reading pauses while `window` batches are unread there (the parent answers each
 * batch it takes with `taken`).
 */
const { path, batchSize, window } = workerData as {
  path: string;
  batchSize: number;
  window: number;
};
const port = parentPort;
if (!port) throw new Error('xlsx-worker.ts runs only as a worker thread');

let unread = 0;
let resume: (() => void) | null = null;
let startReading = () => {};
const asked = new Promise<void>((start) => (startReading = start));
port.on('message', (message: ParentMessage) => {
  if (message === 'read') return startReading();
  unread--;
  resume?.();
  resume = null;
});
const send = (message: WorkerMessage) => port.postMessage(message);

try {
  await asked;
  let batch: SheetRow[] = [];
  for await (const row of readVisibleSheets(path)) {
    batch.push(row);
    if (batch.length < batchSize) continue;
    send({ rows: batch });
    batch = [];
    if (++unread >= window) await new Promise<void>((done) => (resume = done));
  }
  send({ rows: batch, done: true });
} catch (err) {
  send({ error: err instanceof Error ? err.message : String(err) });
}
port.unref();
