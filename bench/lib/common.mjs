// Shared plumbing for the benchmarks: paths, child processes, temp dirs, builds, printing.
// Every process and temp dir created here is registered so it is removed even when a part fails
// or the run is interrupted.
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const benchDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = resolve(benchDir, '..');
export const HOST = '127.0.0.1';
/** The date the recorded figures are labelled with. */
export const RUN_DATE = '2026-11-21';

/** Requires a package the way another workspace sees it (the bench uses their exact versions). */
export const requireFrom = (workspace) => createRequire(join(repoRoot, workspace, 'package.json'));

/** Imports an ESM package as resolved from another workspace. */
export async function importFrom(workspace, specifier) {
  return import(pathToFileURL(requireFrom(workspace).resolve(specifier)).href);
}

/**
 * One HTTP call for the load generators: `node:http` over kept-alive connections. Node 20's
 * `fetch` costs about three times the CPU per call (measured: 10,000 small JSON calls, 50 at a
 * time, 2.7 s more), and a load generator shares the machine's cores with the server it
 * measures, so every millisecond it spends is taken from the server's figures.
 */
const keepAlive = new Agent({ keepAlive: true });
export function send(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: keepAlive }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          headers: res.headers,
          text: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** True when the module at `metaUrl` is the script node was started with. */
export const isMain = (metaUrl) =>
  process.argv[1] !== undefined && metaUrl === pathToFileURL(resolve(process.argv[1])).href;

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// Cleanup: children and temp dirs

const children = new Set();
const tempDirs = new Set();

export function makeTempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

export function removeTempDir(dir) {
  tempDirs.delete(dir);
  rmSync(dir, { recursive: true, force: true });
}

function killAllSync() {
  for (const child of children) {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
  children.clear();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

let hooksInstalled = false;
/** Last-resort cleanup when the process ends without reaching a `finally` (signals, crashes). */
export function installExitHooks() {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on('exit', killAllSync);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      process.stderr.write(`\nbench: ${signal}, stopping child processes\n`);
      killAllSync();
      process.exit(130);
    });
  }
}

/**
 * Starts a child process, keeps the tail of its output for error messages, and waits until
 * `readyUrl` answers 200 (bounded by `timeoutMs`).
 */
export async function startProcess(
  name,
  command,
  args,
  { cwd = repoRoot, env = {}, readyUrl, timeoutMs = 30_000 } = {},
) {
  installExitHooks();
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let tail = '';
  const keep = (chunk) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.on('exit', () => children.delete(child));

  const handle = {
    name,
    child,
    pid: child.pid,
    output: () => tail,
    stop: () => stopProcess(child),
  };
  if (!readyUrl) return handle;

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${name} exited (${child.exitCode ?? child.signalCode}) before ready:\n${tail}`,
      );
    }
    try {
      const res = await fetch(readyUrl, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return handle;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  await stopProcess(child);
  throw new Error(`${name} not ready after ${timeoutMs} ms:\n${tail}`);
}

/**
 * One of the bench's own reference servers (`script` under bench/, e.g. lib/hello-server.mjs) on a
 * free port, ready once `readyPath` answers 200; its handle and base URL.
 */
export async function startBenchServer(name, script, { env = {}, readyPath = '/health' } = {}) {
  const port = await freePort();
  const url = `http://${HOST}:${port}`;
  const handle = await startProcess(name, process.execPath, [join(benchDir, script)], {
    env: { PORT: String(port), HOST, ...env },
    readyUrl: `${url}${readyPath}`,
  });
  return { ...handle, url };
}

/** SIGTERM, then SIGKILL after `graceMs`. */
export async function stopProcess(child, graceMs = 6000) {
  if (child.exitCode !== null || child.signalCode !== null) {
    children.delete(child);
    return;
  }
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = sleep(graceMs).then(() => 'timeout');
  if ((await Promise.race([exited, timer])) === 'timeout') {
    child.kill('SIGKILL');
    await exited;
  }
  children.delete(child);
}

/** Runs a command to completion; throws with its output when it fails. */
export async function run(command, args, { cwd = repoRoot, env = {}, timeoutMs = 180_000 } = {}) {
  const handle = await startProcess(command, command, args, { cwd, env });
  const timer = setTimeout(() => handle.child.kill('SIGKILL'), timeoutMs);
  const [code, signal] = await once(handle.child, 'exit');
  clearTimeout(timer);
  if (code !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${code ?? signal}):\n${handle.output()}`);
  }
  return handle.output();
}

export async function freePort() {
  const server = createServer();
  server.listen(0, HOST);
  await once(server, 'listening');
  const { port } = server.address();
  await new Promise((r) => server.close(r));
  return port;
}

// ---------------------------------------------------------------------------------------------
// Builds

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** `npm run build -w bff`, as the README does; the server then runs from bff/dist. */
export async function buildBff() {
  const started = Date.now();
  await run(npm, ['run', 'build', '-w', 'bff', '--silent']);
  return Date.now() - started;
}

/**
 * Builds the web app with its own vite.config.ts into `outDir` (not web/dist, which other work
 * may be serving), adding the manifest and a map of which source modules went into which chunk.
 */
export async function buildWeb(outDir) {
  const started = Date.now();
  const { build } = await importFrom('web', 'vite');
  const webDir = join(repoRoot, 'web');
  const chunks = {};
  await build({
    root: webDir,
    configFile: join(webDir, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, manifest: true },
    plugins: [
      {
        name: 'bench-chunk-modules',
        generateBundle(_options, bundle) {
          for (const [fileName, output] of Object.entries(bundle)) {
            if (output.type !== 'chunk') continue;
            chunks[fileName] = Object.entries(output.modules ?? {}).map(([id, info]) => ({
              id,
              bytes: info.renderedLength ?? 0,
            }));
          }
        },
      },
    ],
  });
  return { outDir, chunks, ms: Date.now() - started };
}

export const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

// ---------------------------------------------------------------------------------------------
// Printing

export const fmt = {
  int: (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a'),
  ms: (n) => (Number.isFinite(n) ? `${n.toFixed(n < 10 ? 1 : 0)} ms` : 'n/a'),
  ratio: (n) => (Number.isFinite(n) ? n.toFixed(2) : 'n/a'),
  kb: (bytes) => `${(bytes / 1024).toFixed(1)} KB`,
};

/** The p-th percentile (0–100) of ascending `sorted` values; NaN when there are none. */
export const percentile = (sorted, p) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export const status = (ok) => (ok === null ? 'n/a' : ok ? 'PASS' : 'MISS');

/** A plain text table: `rows` are arrays of cells; the first row is the header. */
export function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i] ?? '').length)));
  const line = (r) => r.map((c, i) => String(c ?? '').padEnd(widths[i])).join('  ');
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)]
    .map((l) => l.trimEnd())
    .join('\n');
}

export function heading(title) {
  const [one, five] = loadavg();
  console.log(
    `\n=== ${title} ===  (${availableParallelism()} cores, Node ${process.versions.node}, load avg ${one.toFixed(1)} / ${five.toFixed(1)})`,
  );
}

/**
 * A result line for the summary: `ok` true/false for a target, null for a figure without one.
 */
export const result = (part, metric, value, target, ok) => ({ part, metric, value, target, ok });
