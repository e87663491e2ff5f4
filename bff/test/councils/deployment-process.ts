import { request } from 'node:http';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';

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

export type DeploymentProcess = ServerProcess;

/**
 * The real server (src/server.ts) serving COUNCILS_DIR, as a supervisor starts it, ready once
 * `readyHost`'s /api/ready answers 200 (127.0.0.1 itself is no council's host).
 */
export function startDeployment(
  env: Record<string, string>,
  readyHost: string,
): Promise<DeploymentProcess> {
  return startServerProcess(env, {
    publicUrl: (port) => `http://localhost:${port}`,
    isReady: async (port) => (await callHost(port, readyHost, 'GET', '/api/ready')).status === 200,
    readyWithinMs: 60_000,
  });
}
