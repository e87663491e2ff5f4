import { on } from 'node:events';
import { startWorker } from '../../../lib/worker-thread.js';
import type { SheetRow } from './xlsx-reader.js';

export type WorkerMessage = { rows: SheetRow[]; done?: true } | { error: string };

/**
 * The rows of an upload's first sheet, read in a worker thread: unzipping and parsing the XML is
 * most of an import's CPU, and on the main thread it would hold every other request (residents
 * paying) for seconds; here the server's thread only validates and saves, while the worker reads
 * ahead. Batches keep messages few; the worker pauses while `window` of them wait.
 */
export async function* readFirstSheet(
  path: string,
  { batchSize = 500, window = 8 } = {},
): AsyncGenerator<SheetRow> {
  const worker = startWorker(import.meta.url, 'xlsx-worker', { path, batchSize, window });
  // Node's own iterator over the worker's messages: an 'error' event rejects it; 'exit' ends it,
  // after the messages posted before it
  const messages = on(worker, 'message', { close: ['exit'] }) as AsyncIterable<[WorkerMessage]>;
  try {
    for await (const [message] of messages) {
      if ('error' in message) throw new Error(message.error);
      worker.postMessage('taken');
      yield* message.rows;
      if (message.done) return;
    }
    throw new Error('sheet reader ended before the sheet did');
  } finally {
    // also when the caller stops early (a bad header, too many rows): nothing reads on
    await worker.terminate();
  }
}
