import { on } from 'node:events';
import { startWorker } from '../../../lib/worker-thread.js';
import type { SheetRow } from './xlsx-reader.js';

export type WorkerMessage = { rows: SheetRow[]; done?: true } | { error: string };

/** Sent to the reader thread: `read` starts it; `taken` answers each batch the server takes. */
export type ParentMessage = 'read' | 'taken';

export interface SheetReader {
  /** The rows, as the thread reads them; the thread ends when they end or the caller stops. */
  rows(): AsyncGenerator<SheetRow>;
  /** Ends the thread, whether its rows were asked for or not. */
  close(): Promise<void>;
}

/**
 * The rows of an upload's visible sheets (each after a marker row naming it), read in a worker
 * thread: unzipping and parsing the XML is
 * most of an import's CPU, and on the main thread it would hold every other request (residents
 * paying) for seconds; here the server's thread only validates and saves, while the worker reads
 * ahead. Batches keep messages few; the worker pauses while `window` of them wait.
 *
 * The thread starts at once and loads the spreadsheet library (a fifth of a second), but opens
 * the file only when `rows()` is asked: the caller checks the zip meanwhile, and a file it
 * refuses is never parsed.
 */
export function openSheets(path: string, { batchSize = 500, window = 8 } = {}): SheetReader {
  const worker = startWorker(import.meta.url, 'xlsx-worker', { path, batchSize, window });
  // Node's own iterator over the worker's messages, listening from now on: an 'error' event
  // (even before rows() is asked) rejects it; 'exit' ends it, after the messages posted before it
  const messages = on(worker, 'message', { close: ['exit'] }) as AsyncIterableIterator<
    [WorkerMessage]
  >;
  const send = (message: ParentMessage) => worker.postMessage(message);
  const close = async () => {
    await worker.terminate();
    await messages.return?.();
  };
  return {
    async *rows() {
      send('read');
      try {
        for await (const [message] of messages) {
          if ('error' in message) throw new Error(message.error);
          send('taken');
          yield* message.rows;
          if (message.done) return;
        }
        throw new Error('sheet reader ended before the sheet did');
      } finally {
        // also when the caller stops early (a bad header, too many rows): nothing reads on
        await close();
      }
    },
    close,
  };
}

/** The rows of the visible sheets, read in a worker thread (see `openSheets`). */
export function readSheets(path: string, options?: { batchSize?: number; window?: number }) {
  return openSheets(path, options).rows();
}
