import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

const bff = resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** What the process wrote, for a failing test to show. */
  output: () => string;
  /** SIGTERM and wait for the exit; the exit code. */
  stop: () => Promise<number | null>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** How a start is judged ready, and the address the server is told it has. */
export interface StartOptions {
  /** Whether the server on `port` is ready (default: GET /api/ready on 127.0.0.1 answers 200). */
  isReady?: (port: number) => Promise<boolean>;
  /** PUBLIC_URL for the server on `port` (default: its 127.0.0.1 address). */
  publicUrl?: (port: number) => string;
  /** How long it may take to be ready (default 30 s). */
  readyWithinMs?: number;
}

/** src/server.ts started as a supervisor would, on a free port. */
async function spawnServer(env: Record<string, string>, options: StartOptions = {}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: bff,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: options.publicUrl?.(port) ?? baseUrl,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { child, baseUrl, port };
}

/** A server start expected to end by itself (a start refused): its exit code and what it wrote. */
export async function runServerToExit(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { child } = await spawnServer(env);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  // 'close': the process has exited and its output is all read
  const [code] = (await once(child, 'close')) as [number | null];
  clearTimeout(timer);
  return { code, stdout, stderr };
}

/**
 * The real server (src/server.ts) as a process of its own, as a supervisor would start it,
 * ready once GET /api/ready answers 200. Node itself runs it, with tsx only as the loader of its
 * TypeScript: the tsx command would stand between the test and the server and kill the server
 * when it had not exited 30 ms after a SIGTERM, which a busy machine often misses.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: StartOptions = {},
): Promise<ServerProcess> {
  const { child, baseUrl, port } = await spawnServer(env, options);
  const isReady =
    options.isReady ?? (async () => (await fetch(`${baseUrl}/api/ready`)).status === 200);
  const readyWithinMs = options.readyWithinMs ?? 30_000;
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit');
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if (await isReady(port)) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready after ${readyWithinMs / 1000} s:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    baseUrl,
    port,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const [code] = (await exited) as [number | null];
      return code;
    },
  };
}
