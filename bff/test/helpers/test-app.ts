import { mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/data/db.js';
import { createDeps } from '../../src/deps.js';
import { createClient, createConfig } from '../../src/generated/client/index.js';
import { fixedClock } from '../../src/lib/clock.js';
import type { Logger } from '../../src/logger.js';

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/**
 * The real app over real HTTP on a random port, with a real SQLite file in a fresh temp dir and a
 * clock the test can move. `env` overrides the configuration as environment variables would.
 * The port is bound before the configuration is loaded, so PUBLIC_URL is the server's real address
 * (the sandbox gateway notifies `${PUBLIC_URL}/api/payments/notification`, as in production).
 */
export async function startTestApp(options: { env?: Record<string, string>; now?: string } = {}) {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    // every answer in every test is checked against openapi.yaml
    RESPONSE_VALIDATION: 'strict',
    WEB_DIST: join(dataDir, 'no-web-build'),
    PUBLIC_URL: baseUrl,
    ...options.env,
  });
  const clock = fixedClock(options.now ?? '2026-11-21T10:00:00Z');
  const db = openDatabase(dataDir);
  // every log line is kept (not printed), so tests can check what never reaches the logs
  const logs: string[] = [];
  const capture = (level: string) => (msg: string, fields?: Record<string, unknown>) =>
    void logs.push(JSON.stringify({ level, msg, ...fields }));
  const logger: Logger = {
    debug: capture('debug'),
    info: capture('info'),
    warn: capture('warn'),
    error: capture('error'),
    enabled: () => true,
  };
  const deps = createDeps({ config, db, logger, clock });
  server.on('request', buildApp(deps).callback());
  // the generated SDK validates every 2xx response against the contract's schemas
  const api = createClient(createConfig({ baseUrl: `${baseUrl}/api` }));

  return {
    baseUrl,
    api,
    deps,
    db,
    clock,
    logs,
    dataDir,
    /** Raw HTTP for cases the typed client would refuse to send (bad input). */
    fetch: (path: string, init?: RequestInit) => fetch(`${baseUrl}${path}`, init),
    json: (path: string, method: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${baseUrl}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
    form: (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
