import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { verify as verifyPassword } from '@node-rs/argon2';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/data/open-database.js';
import {
  runServerToExit,
  startServerProcess,
  type ServerProcess,
} from '../helpers/server-process.js';
import { freshDatabaseUrl } from '../helpers/test-database.js';

/**
 * Issue 59 item 5: a production server never starts afresh by itself. With JWT_SECRET from the
 * environment (as production runs), an empty database (SQLite files deleted, a new empty
 * PostgreSQL database) is refused in one line; `npm run admin -- init` initialises it on purpose.
 */
const bff = resolve(import.meta.dirname, '../..');
const tsx = resolve(bff, '../node_modules/.bin/tsx');
const ADMIN = { dni: '33445566R', password: 'concello-deportes-2026' };

describe('an empty database in production', () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof freshDatabaseUrl>>;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-init-'));
    database = await freshDatabaseUrl();
    env = {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(48).toString('base64'),
      PUBLIC_URL: 'https://deportes.example.gal',
      SMS_ADAPTER: 'outbox',
      MAIL_ADAPTER: 'outbox',
      ALLOW_OUTBOX_IN_PRODUCTION: 'true',
      REDSYS_MERCHANT_CODE: '999008881',
      REDSYS_SECRET: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
      ALLOW_REDSYS_TEST_ON_HTTPS: 'true',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    };
  });
  afterEach(async () => {
    await server?.stop();
    server = undefined;
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const init = (extra: Record<string, string> = {}, input = '') =>
    spawnSync(tsx, ['src/cli/admin.ts', 'init'], {
      cwd: bff,
      input,
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        LOG_LEVEL: 'silent',
        ...env,
        ...extra,
      },
    });

  async function accounts() {
    const db = await openDatabase({ databaseUrl: database.url, dataDir });
    try {
      return await db.q().selectFrom('users').select(['dni', 'role', 'password_hash']).execute();
    } finally {
      await db.close();
    }
  }

  it('refuses to start in one line, even with ADMIN_DNI set, and creates no account', async () => {
    const refused = await runServerToExit({
      ...env,
      ADMIN_DNI: ADMIN.dni,
      ADMIN_PASSWORD: ADMIN.password,
      // the earlier-use escape does not open production to a fresh start either
      ALLOW_EMPTY_DATABASE: 'true',
    });
    expect(refused.code).toBe(2);
    const lines = refused.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Refusing to start: .+ is empty \(no accounts\) and NODE_ENV=production, .+ run `npm run admin -- init` once \(docs\/operations\.md, First start\); if the data was lost, restore the last backup/,
    );
    expect(refused.stdout).not.toContain('first start');
    expect(await accounts()).toEqual([]);
  }, 60_000);

  it('`npm run admin -- init` creates the schema and the first administrator; then it starts', async () => {
    const out = init({ ADMIN_DNI: ' 33445566r ', ADMIN_PASSWORD: ADMIN.password });
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    expect(out.stdout).toContain('first administrator DNI 33445566R');
    expect(out.stdout).not.toContain(ADMIN.password);
    const [admin, ...others] = await accounts();
    expect(others).toEqual([]);
    expect(admin).toMatchObject({ dni: ADMIN.dni, role: 'admin' });
    expect(await verifyPassword(admin!.password_hash, ADMIN.password)).toBe(true);

    // a second init changes nothing
    const again = init({ ADMIN_DNI: '87654321X', ADMIN_PASSWORD: ADMIN.password });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already initialised (1 accounts): nothing done.');
    expect(await accounts()).toHaveLength(1);

    server = await startServerProcess(env);
    const login = await fetch(`${server.baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.dni, password: ADMIN.password }),
    });
    expect(login.status).toBe(200);
  }, 60_000);

  it('asks for the DNI and the password when they are not in the environment', async () => {
    const bad = init({}, '12345678A\n');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('The DNI/NIE is not valid');
    const mismatch = init({}, 'x1234567l\npiscina-cuberta-26\notra-cousa-26\n');
    expect(mismatch.status).toBe(1);
    expect(mismatch.stderr).toContain('Passwords do not match.');
    expect(await accounts()).toEqual([]);
    const ok = init({}, 'x1234567l\npiscina-cuberta-26\npiscina-cuberta-26\n');
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(await accounts()).toMatchObject([{ dni: 'X1234567L', role: 'admin' }]);
  }, 60_000);
});
