import { Worker } from 'node:worker_threads';

/**
 * Starts the worker module `name` that sits next to the calling module (`callerUrl`, its
 * import.meta.url). Compiled, that is `name.js`. From source (tests, `npm run dev`) it is
 * `name.ts`, so tsx's loader is registered in the new thread before the module loads: a worker's
 * own `--import` comes too late for its entry on Node 20.
 */
export function startWorker(callerUrl: string, name: string, workerData?: unknown): Worker {
  if (!callerUrl.endsWith('.ts'))
    return new Worker(new URL(`./${name}.js`, callerUrl), { workerData });
  const source = new URL(`./${name}.ts`, callerUrl).href;
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`,
    { eval: true, workerData },
  );
}
