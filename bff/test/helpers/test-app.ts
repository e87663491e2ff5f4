import { mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createDeps } from '../../src/deps.js';
import { createClient, createConfig } from '../../src/generated/client/index.js';
import { fixedClock } from '../../src/lib/clock.js';
import { createLogger } from '../../src/logger.js';
import type { RawBuilder } from 'kysely';
import { openTestDatabase } from './test-database.js';

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/**
 * The real app over real HTTP on a random port, on a real database (a SQLite file in a fresh temp
 * dir, or a fresh schema on the test PostgreSQL server: see test-database.ts) and a clock the
 * test can move. `env` overrides the configuration as environment variables would.
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
  const { db, url: databaseUrl, drop } = await openTestDatabase(dataDir);
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
    // how late the loop runs is the machine's load, not the test's: the shedding's own tests
    // set this bound (test/load-shedding.test.ts)
    SHED_EVENT_LOOP_DELAY_MS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  const clock = fixedClock(options.now ?? '2026-11-21T10:00:00Z');
  // every log line is kept (not printed), through the real logger and its redaction, so tests
  // can check what never reaches the logs
  const logs: string[] = [];
  const logger = createLogger('debug', { write: (line: string) => void logs.push(line) });
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
    databaseUrl,
    /** Rows of a query written with kysely's `sql` tag (placeholders right for either engine). */
    rows: async <T>(query: RawBuilder<T>): Promise<T[]> => (await query.execute(db.q())).rows,
    /** The first row of such a query. */
    row: async <T>(query: RawBuilder<T>): Promise<T | undefined> =>
      (await query.execute(db.q())).rows[0],
    /** The first column of the first row. */
    value: async <T = unknown>(query: RawBuilder<unknown>): Promise<T | undefined> => {
      const first = (await query.execute(db.q())).rows[0] as Record<string, unknown> | undefined;
      return first === undefined ? undefined : (Object.values(first)[0] as T);
    },
    /** The first column of every row. */
    column: async <T = unknown>(query: RawBuilder<unknown>): Promise<T[]> =>
      (await query.execute(db.q())).rows.map(
        (row) => Object.values(row as Record<string, unknown>)[0] as T,
      ),
    /** Runs such a statement. */
    exec: async (query: RawBuilder<unknown>): Promise<void> => {
      await query.execute(db.q());
    },
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
      await deps.passwords.close();
      await db.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
