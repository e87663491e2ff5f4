import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../src/config.js';
import { councilDatabaseName } from '../../src/councils/council-database.js';
import { openDeployment, type ServedCouncil } from '../../src/councils/deployment.js';
import { fixedClock } from '../../src/lib/clock.js';
import { repoRoot } from '../../src/lib/paths.js';
import { createLogger } from '../../src/logger.js';

/** One council folder of a test deployment: a copy of councils/ejemplo, changed by `edit`. */
export interface TestCouncil {
  id: string;
  hosts: string[];
  name?: string;
  /** Changes to its council.json (payments, a broken field…). */
  edit?: (file: Record<string, unknown>) => void;
  /** Files written into its folder (a Redsys key file). */
  files?: Record<string, string>;
}

export interface HostResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: () => unknown;
}

/**
 * A deployment serving several councils (COUNCILS_DIR) in this process over real HTTP, as
 * server.ts runs it, on a fresh temp DATA_DIR (or, on PostgreSQL, the test server's cluster, where
 * each council gets its own database). Node's fetch cannot set Host, so `call` speaks HTTP itself.
 */
export async function startTestDeployment(options: {
  councils: TestCouncil[];
  env?: Record<string, string>;
  now?: string;
  /** Runs before the deployment opens its councils (a database left in some state). */
  prepare?: (where: { dataDir: string; cluster: string | null }) => Promise<void>;
}) {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  const root = mkdtempSync(join(tmpdir(), 'portal-councils-'));
  const councilsDir = join(root, 'councils');
  const dataDir = join(root, 'data');
  mkdirSync(councilsDir);
  for (const council of options.councils) {
    const dir = join(councilsDir, council.id);
    cpSync(join(repoRoot, 'councils/ejemplo'), dir, { recursive: true });
    const file = JSON.parse(readFileSync(join(dir, 'council.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    file.hosts = council.hosts;
    if (council.name) file.name = council.name;
    council.edit?.(file);
    writeFileSync(join(dir, 'council.json'), JSON.stringify(file, null, 2));
    for (const [name, text] of Object.entries(council.files ?? {}))
      writeFileSync(join(dir, name), text);
  }
  const cluster = process.env.TEST_DATABASE_URL ?? null;
  const env = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    COUNCILS_DIR: councilsDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    RESPONSE_VALIDATION: 'strict',
    WEB_DIST: join(root, 'no-web-build'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SHED_EVENT_LOOP_DELAY_MS: '0',
    ...(cluster ? { DATABASE_URL: cluster } : {}),
    ...options.env,
  };
  await options.prepare?.({ dataDir, cluster });
  const config = loadConfig(env);
  const logs: string[] = [];
  const logger = createLogger('debug', { write: (line: string) => void logs.push(line) });
  const deployment = await openDeployment({
    config,
    logger,
    env,
    clock: fixedClock(options.now ?? '2026-11-21T10:00:00Z'),
    print: () => {},
  });
  server.on('request', deployment.handle);

  /** One HTTP call naming `host`, with a bearer token, a JSON or form body. */
  function call(
    host: string,
    method: string,
    path: string,
    init: {
      token?: string;
      json?: unknown;
      form?: Record<string, string>;
      headers?: Record<string, string>;
    } = {},
  ): Promise<HostResponse> {
    const body =
      init.json !== undefined
        ? JSON.stringify(init.json)
        : init.form
          ? new URLSearchParams(init.form).toString()
          : undefined;
    const headers: Record<string, string> = {
      host,
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
      ...init.headers,
    };
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text,
            json: () => JSON.parse(text) as unknown,
          });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  return {
    port,
    config,
    deployment,
    logs,
    call,
    /** The deps of a council the deployment serves. */
    council(id: string) {
      const found = deployment.councils.find((c) => c.id === id);
      if (found?.state !== 'serving') throw new Error(`council ${id} is not served`);
      return (found as ServedCouncil).deps;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await deployment.close();
      if (cluster) {
        const admin = new pg.Client({ connectionString: cluster });
        await admin.connect();
        try {
          for (const { id } of options.councils)
            await admin.query(`DROP DATABASE IF EXISTS "${councilDatabaseName(id)}" WITH (FORCE)`);
        } finally {
          await admin.end();
        }
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export type TestDeployment = Awaited<ReturnType<typeof startTestDeployment>>;
