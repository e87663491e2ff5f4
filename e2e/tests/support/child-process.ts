import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The repository's root, where the portal's own commands run. */
export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * A Node script of the repository run as a process of its own, as a person or a supervisor
 * starts it: what it writes is kept for a failing test's message, `exited` settles when it ends.
 */
export function startNodeProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; output: () => string; exited: Promise<unknown> } {
  return startProcess(process.execPath, args, env);
}

/** Any command of the repository (`npm run …`) run as `startNodeProcess` runs a script. */
export function startProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; output: () => string; exited: Promise<unknown> } {
  const child = spawn(command, args, {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output, exited: once(child, 'exit') };
}

/** Whether anything answers at `url` (with `ok`: a 2xx answer). */
export async function answers(url: string, { ok = false } = {}): Promise<boolean> {
  try {
    const res = await fetch(url);
    return !ok || res.ok;
  } catch {
    return false;
  }
}

/** A TCP port free on loopback now, for a server a test starts itself. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
