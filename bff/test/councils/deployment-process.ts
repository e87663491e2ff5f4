import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

const bff = resolve(import.meta.dirname, '../..');

/** An answer read whole. */
export interface Answer {
  status: number;
  body: string;
  json: () => unknown;
}

/**
 * A call to 127.0.0.1:`port` naming `host` (as a browser on that council's name would): the
 * Host header fetch() will not let a caller set.
 */
export function callHost(
  port: number,
  host: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((done, failed) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          Host: `${host}:${port}`,
          ...(payload ? { 'Content-Type': 'application/json' } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, body: text, json: () => JSON.parse(text) }),
        );
      },
    );
    req.on('error', failed);
    req.end(payload);
  });
}

export interface DeploymentProcess {
  port: number;
  child: ChildProcess;
  output: () => string;
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

/**
 * The real server (src/server.ts) serving COUNCILS_DIR, as a supervisor starts it, ready once
 * `readyHost`'s /api/ready answers 200 (127.0.0.1 itself is no council's host).
 */
export async function startDeployment(
  env: Record<string, string>,
  readyHost: string,
): Promise<DeploymentProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: bff,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit');
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await callHost(port, readyHost, 'GET', '/api/ready')).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready after 60 s:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
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
