import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { hasPostgresBinaries, startPostgres } from '../../scripts/throwaway-postgres.mjs';
import { databaseFailureOf } from '../src/data/engines.js';
import { openDatabase } from '../src/data/open-database.js';
import { DatabaseFileMoved } from '../src/data/sqlite-file.js';
import { zError } from '../src/generated/zod.gen.js';
import { signsOfEarlierUse } from '../src/services/earlier-use.js';
import { createAccount, type Account } from './admin/factory.js';
import {
  runServerToExit,
  startServerProcess,
  type ServerProcess,
} from './helpers/server-process.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';
import { freshDatabaseUrl, testEngine } from './helpers/test-database.js';

/**
 * When the database is away: a call that cannot reach or write it answers 503
 * database_unavailable with Retry-After, never a 500 and never a success it did not save;
 * /api/ready says the same; a SQLite file deleted under the server is noticed at once; a start on
 * an empty database where DATA_DIR shows earlier use is refused.
 */

const ADMIN = { dni: '33445566R', password: 'concello-deportes-2026' };
const MESSAGES = {
  es: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
  en: 'The service is not available right now. Please try again in a few seconds.',
  gl: 'O servizo non está dispoñible neste momento. Téntao de novo nuns segundos.',
} as const;

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));
async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await wait(25);
  }
}

/** A 503 database_unavailable with Retry-After, in the language asked for. */
async function expectDatabaseUnavailable(res: Response, lang: keyof typeof MESSAGES = 'es') {
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('5');
  expect(zError.parse(await res.json())).toEqual({
    detail: MESSAGES[lang],
    code: 'database_unavailable',
  });
}

describe('what a failed database call means (one place: data/engines.ts)', () => {
  const sqlite = (code: string) => Object.assign(new Error(code), { code });
  it('reads SQLite codes: busy, cannot reach or write, damaged, anything else', () => {
    expect(databaseFailureOf(sqlite('SQLITE_BUSY'))).toBe('busy');
    expect(databaseFailureOf(sqlite('SQLITE_BUSY_SNAPSHOT'))).toBe('busy');
    for (const code of [
      'SQLITE_READONLY',
      'SQLITE_READONLY_DBMOVED',
      'SQLITE_IOERR',
      'SQLITE_IOERR_WRITE',
      'SQLITE_IOERR_FSYNC',
      'SQLITE_CANTOPEN',
      'SQLITE_FULL',
    ])
      expect(databaseFailureOf(sqlite(code)), code).toBe('unavailable');
    expect(databaseFailureOf(new DatabaseFileMoved('gone'))).toBe('unavailable');
    for (const code of ['SQLITE_CORRUPT', 'SQLITE_CORRUPT_INDEX', 'SQLITE_NOTADB'])
      expect(databaseFailureOf(sqlite(code)), code).toBe('damaged');
    for (const code of ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_ERROR', 'SQLITE_MISMATCH'])
      expect(databaseFailureOf(sqlite(code)), code).toBeNull();
    expect(databaseFailureOf(new Error('boom'))).toBeNull();
    expect(databaseFailureOf(null)).toBeNull();
  });

  it("takes a refused connection for the database only when PostgreSQL's driver threw it", async () => {
    // port 1, where nothing listens: pg's own ECONNREFUSED, through the portal's pool
    const db = await openDatabase({
      databaseUrl: 'postgres://portal@127.0.0.1:1/portal',
      dataDir: tmpdir(),
      migrate: false,
    });
    try {
      const err = await sql`SELECT 1`.execute(db.q()).then(
        () => null,
        (e: unknown) => e,
      );
      expect((err as { code?: string }).code).toBe('ECONNREFUSED');
      expect(databaseFailureOf(err)).toBe('unavailable');
    } finally {
      await db.close();
    }
    // the same code from the bank's or the SMS provider's connection is not the database
    expect(databaseFailureOf(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(
      null,
    );
    expect(databaseFailureOf(new Error('Connection terminated unexpectedly'))).toBeNull();
  });
});

describe('the contract', () => {
  const contract = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as {
    paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    components: {
      responses: Record<string, { content: Record<string, { examples: Record<string, unknown> }> }>;
    };
  };

  it('declares 503 on every operation, /health and /ready included', () => {
    const operations = Object.entries(contract.paths).flatMap(([path, item]) =>
      ['get', 'post', 'put', 'patch', 'delete']
        .filter((method) => item[method])
        .map((method) => ({
          label: `${method} ${path}`,
          responses: item[method]!.responses ?? {},
        })),
    );
    expect(operations.length).toBeGreaterThan(80);
    const without = operations.filter((op) => !('503' in op.responses)).map((op) => op.label);
    expect(without).toEqual([]);
  });

  it('names a database_unavailable example in the shared 503 answer and in /ready', () => {
    const shared = contract.components.responses.ServiceUnavailable!;
    expect(shared.content['application/json']!.examples.database_unavailable).toEqual({
      summary: expect.any(String),
      value: { detail: MESSAGES.es, code: 'database_unavailable' },
    });
    const ready = contract.paths['/ready']!.get!.responses!['503'] as {
      headers: Record<string, unknown>;
      content: Record<string, { examples: Record<string, { value: unknown }> }>;
    };
    expect(ready.headers['Retry-After']).toBeDefined();
    expect(ready.content['application/json']!.examples.database_unavailable!.value).toEqual({
      detail: MESSAGES.es,
      code: 'database_unavailable',
    });
  });
});

describe.skipIf(testEngine !== 'sqlite')('a SQLite file deleted under the running server', () => {
  let app: TestApp;
  let admin: Account;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await createAccount(app, 'admin');
    app.deps.databaseWatch.start();
  });
  afterAll(async () => {
    app.deps.databaseWatch.stop();
    await app.close();
  });

  const createActivity = (name: string, lang = 'es') =>
    app.fetch('/api/admin/activities-crud/', {
      method: 'POST',
      headers: { ...admin.headers, 'Content-Type': 'application/json', 'Accept-Language': lang },
      body: JSON.stringify({ name, price: 30, start_date: '2026-10-01' }),
    });
  const logged = (text: string) => app.logs.filter((line) => line.includes(text));

  it('says so in the log at once, refuses every call but liveness, and acknowledges no write', async () => {
    expect((await createActivity('Natación')).status).toBe(201);
    const file = join(app.dataDir, 'portal.sqlite');
    const count = () =>
      (app.db.sqliteHandle!.prepare('SELECT COUNT(*) AS n FROM activities').get() as { n: number })
        .n;
    const before = count();

    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    // the folder's watch: no call needed for the log to say it
    await until('the log says it', () => logged('database unavailable:').length > 0, 2000);
    const line = JSON.parse(logged('database unavailable:')[0]!) as Record<string, string>;
    expect(line).toMatchObject({ level: 'error', kind: 'gone' });
    expect(line.msg).toContain(`${file} was deleted while the server had it open`);
    expect(line.action).toContain('restore the last backup');

    for (const lang of ['es', 'en', 'gl'] as const)
      await expectDatabaseUnavailable(await createActivity(`Pádel ${lang}`, lang), lang);
    await expectDatabaseUnavailable(
      await app.fetch('/api/admin/activities-crud/', { headers: admin.headers }),
    );
    await expectDatabaseUnavailable(await app.fetch('/api/ready'));
    await expectDatabaseUnavailable(
      await app.fetch('/api/ready', { headers: { 'Accept-Language': 'gl' } }),
      'gl',
    );
    expect((await app.fetch('/api/health')).status).toBe(200);
    // a write that passed the door before the file went (a job, a call in flight) fails too
    const job = await app.deps.repos.activities
      .insert({ name: 'Yoga', price_cents: 3000, start_date: null })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(job).toBeInstanceOf(DatabaseFileMoved);
    // nothing went into the file nobody will open again
    expect(count()).toBe(before);
    // one line for the whole time it is gone, not one per call
    expect(logged('database unavailable:')).toHaveLength(1);
  });
});

describe.skipIf(testEngine !== 'sqlite')('a SQLite file replaced under the running server', () => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('is refused as gone: the server writes on in the old file (restart after a restore)', async () => {
    app = await startTestApp();
    const file = join(app.dataDir, 'portal.sqlite');
    await app.db.sqliteHandle!.backup(`${file}.copy`);
    expect((await app.fetch('/api/ready')).status).toBe(200);
    renameSync(`${file}.copy`, file);
    await expectDatabaseUnavailable(await app.fetch('/api/config'));
    await expectDatabaseUnavailable(await app.fetch('/api/ready'));
    expect(app.logs.join('\n')).toContain(`${file} was replaced by another file`);
  });
});

/** `prlimit` changes another process's limits; util-linux has it on every Debian and Ubuntu. */
const hasPrlimit = spawnSync('prlimit', ['--version']).status === 0;

describe.skipIf(testEngine !== 'sqlite' || !hasPrlimit)('a SQLite disk that refuses writes', () => {
  let server: ServerProcess;
  let dataDir: string;
  let token: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-readonly-'));
    server = await startServerProcess({
      DATA_DIR: dataDir,
      JWT_SECRET: 'database-away-secret-long-enough-for-hs256-0123456789',
      ADMIN_DNI: ADMIN.dni,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'info',
    });
    token = await login(server.baseUrl);
  }, 60_000);
  afterAll(async () => {
    if (server) {
      limitFileSize(server, 'unlimited');
      await server.stop();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers writes 503 database_unavailable (never 500), reads on, not ready, and recovers by itself', async () => {
    const create = (name: string) => createActivityOn(server.baseUrl, token, name);
    const list = () =>
      fetch(`${server.baseUrl}/api/admin/activities-crud/`, {
        headers: { Authorization: `Bearer ${token}` },
      });
    expect((await create('Natación')).status).toBe(201);
    expect((await list()).status).toBe(200);

    // How "cannot write" is made real for root, who passes any permission (chmod) and whose test
    // machine may not remount file systems: the kernel's file-size limit of the server process,
    // at 0, refuses every write(2) it makes to a file with EFBIG, as a read-only or failing disk
    // refuses it (SQLite: SQLITE_IOERR_WRITE, "disk I/O error", the very answer of the report).
    // Node ignores the SIGXFSZ that comes with it; the logs go to a pipe, not a file.
    limitFileSize(server, '0');
    await expectDatabaseUnavailable(await create('Pádel'));
    await expectDatabaseUnavailable(await create('Yoga'));
    // what is already there can still be read
    expect((await list()).status).toBe(200);
    await until(
      'not ready',
      async () => (await fetch(`${server.baseUrl}/api/ready`)).status === 503,
      3000,
    );
    await expectDatabaseUnavailable(await fetch(`${server.baseUrl}/api/ready`));
    // the process's log comes through a pipe: it may trail its answers a little
    await until('the log says it', () =>
      /database unavailable: disk I\/O error/.test(server.output()),
    );
    expect(server.output()).not.toContain('request failed');

    limitFileSize(server, 'unlimited');
    await until(
      'ready again',
      async () => (await fetch(`${server.baseUrl}/api/ready`)).status === 200,
    );
    await until('the log says it is back', () =>
      server.output().includes('database available again'),
    );
    expect((await create('Pilates')).status).toBe(201);
    await server.stop();
    const db = new Sqlite(join(dataDir, 'portal.sqlite'), { readonly: true });
    try {
      const names = db.prepare('SELECT name FROM activities ORDER BY id').pluck().all();
      expect(names).toEqual(['Natación', 'Pilates']);
    } finally {
      db.close();
    }
  });
});

function limitFileSize(server: ServerProcess, size: string) {
  if (server.child.exitCode !== null || !server.child.pid) return;
  execFileSync('prlimit', ['--pid', String(server.child.pid), `--fsize=${size}:unlimited`]);
}

async function login(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.dni, password: ADMIN.password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

const createActivityOn = (baseUrl: string, token: string, name: string) =>
  fetch(`${baseUrl}/api/admin/activities-crud/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, price: 30, start_date: '2026-10-01' }),
  });

describe('a start on an empty database where DATA_DIR shows earlier use', () => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('counts the files the portal writes there only when they are older than the database', async () => {
    app = await startTestApp();
    const { dataDir } = app.deps.config;
    const written = [join(dataDir, 'jwt-secret'), join(dataDir, 'first-admin.txt')];
    const signs = () => signsOfEarlierUse(app!.deps.config, app!.db, written);
    const yearAgo = new Date(Date.now() - 365 * 86_400_000);
    const age = (name: string) => utimesSync(join(dataDir, name), yearAgo, yearAgo);

    // written since the database was created (its own first start): no sign
    writeFileSync(join(dataDir, 'jwt-secret'), 'x');
    writeFileSync(join(dataDir, 'notes.txt'), 'x');
    expect(await signs()).toEqual([]);
    age('jwt-secret');
    age('notes.txt');
    expect(await signs()).toEqual(['jwt-secret']);
    for (const name of ['first-admin.txt', 'portal.sqlite.before-restore-2026-01-01', 'old.dump']) {
      writeFileSync(join(dataDir, name), 'x');
      age(name);
    }
    if (testEngine === 'sqlite') {
      // the live file is the database itself
      age('portal.sqlite');
      expect(await signs()).toEqual([
        'first-admin.txt',
        'jwt-secret',
        'old.dump',
        'portal.sqlite.before-restore-2026-01-01',
      ]);
    } else {
      // on PostgreSQL a SQLite file there is an earlier SQLite portal's
      copyFileSync(join(dataDir, 'jwt-secret'), join(dataDir, 'portal.sqlite'));
      age('portal.sqlite');
      expect(await signs()).toContain('portal.sqlite');
    }
  });

  it('is refused in one line after the data was lost, and starts when told to', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-lost-'));
    const database = await freshDatabaseUrl();
    // no JWT_SECRET: the server generates its own into DATA_DIR, as on a first install
    const env = {
      DATA_DIR: dataDir,
      ADMIN_DNI: ADMIN.dni,
      ADMIN_PASSWORD: ADMIN.password,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    };
    let server: ServerProcess | undefined;
    try {
      // a fresh DATA_DIR on a fresh database starts
      server = await startServerProcess(env);
      const token = await login(server.baseUrl);
      expect((await createActivityOn(server.baseUrl, token, 'Natación')).status).toBe(201);
      expect(await server.stop()).toBe(0);
      server = undefined;

      await loseTheData(dataDir, database.url);
      const refused = await runServerToExit(env);
      expect(refused.code).toBe(2);
      const lines = refused.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^Refusing to start on an empty database \(.+ has no accounts\) while .+ shows earlier use \(jwt-secret, older than the database\): if the data was lost, restore the last backup .+ set ALLOW_EMPTY_DATABASE=true for one start\.$/,
      );
      expect(refused.stdout).not.toContain('first start');
      expect(await accountsIn(dataDir, database.url)).toBe(0);
      // a second try, on the empty database that try left, is refused the same way
      expect((await runServerToExit(env)).code).toBe(2);

      server = await startServerProcess({ ...env, ALLOW_EMPTY_DATABASE: 'true' });
      await login(server.baseUrl);
      expect(await server.stop()).toBe(0);
      server = undefined;
      // from then on it is a database in use: no flag needed
      server = await startServerProcess(env);
    } finally {
      await server?.stop();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

/** The database's files deleted (SQLite), or its schema dropped and made again (PostgreSQL). */
async function loseTheData(dataDir: string, url: string | null) {
  if (!url) {
    for (const suffix of ['', '-wal', '-shm'])
      rmSync(join(dataDir, `portal.sqlite${suffix}`), { force: true });
    return;
  }
  const schema = /search_path=(\w+)/.exec(new URL(url).searchParams.get('options') ?? '')![1]!;
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA ${schema} CASCADE`);
    await client.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await client.end();
  }
}

async function accountsIn(dataDir: string, url: string | null): Promise<number> {
  if (!url) {
    const db = new Sqlite(join(dataDir, 'portal.sqlite'), { readonly: true });
    try {
      return (db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query('SELECT COUNT(*) AS n FROM users')).rows[0].n);
  } finally {
    await client.end();
  }
}

describe.skipIf(testEngine !== 'postgres' || !hasPostgresBinaries())(
  'PostgreSQL stopped during a burst of writes',
  () => {
    it('loses nothing it acknowledged, refuses the rest with 503 and Retry-After, and recovers without a restart', async () => {
      // a server of its own, not the suite's: it is stopped and started again
      const postgres = await startPostgres();
      const dataDir = mkdtempSync(join(tmpdir(), 'portal-pg-away-'));
      let server: ServerProcess | undefined;
      try {
        server = await startServerProcess({
          DATABASE_URL: postgres.url,
          DATA_DIR: dataDir,
          JWT_SECRET: 'database-away-secret-long-enough-for-hs256-0123456789',
          ADMIN_DNI: ADMIN.dni,
          ADMIN_PASSWORD: ADMIN.password,
          LOG_LEVEL: 'info',
        });
        const { baseUrl } = server;
        const token = await login(baseUrl);

        type Outcome = { name: string; phase: string; status: number; code?: string };
        const outcomes: Outcome[] = [];
        const ready: { phase: string; status: number; code?: string }[] = [];
        let phase = 'up';
        let done = false;
        const writer = async (w: number) => {
          for (let i = 0; !done; i++) {
            const name = `Actividade ${w}-${i}`;
            const started = phase;
            const res = await createActivityOn(baseUrl, token, name).catch(() => null);
            const outcome: Outcome = { name, phase: started, status: res?.status ?? 0 };
            if (res && res.status !== 201) {
              const body = (await res.json()) as { code: string };
              outcome.code = body.code;
              if (res.status === 503) expect(res.headers.get('retry-after')).toBe('5');
              await wait(50);
            }
            outcomes.push(outcome);
          }
        };
        const askReady = async () => {
          const res = await fetch(`${baseUrl}/api/ready`);
          ready.push({
            phase,
            status: res.status,
            code: res.status === 200 ? undefined : ((await res.json()) as { code: string }).code,
          });
        };
        const writers = Array.from({ length: 6 }, (_, w) => writer(w));
        await wait(1000);
        phase = 'stopping';
        await postgres.halt();
        phase = 'down';
        await wait(500);
        await askReady();
        await wait(1500);
        phase = 'starting';
        await postgres.resume();
        phase = 'back';
        await until(
          'a write acknowledged after the restart',
          () => outcomes.some((o) => o.phase === 'back' && o.status === 201),
          15_000,
        );
        await wait(300);
        await askReady();
        done = true;
        await Promise.all(writers);

        const byStatus = (status: number) => outcomes.filter((o) => o.status === status);
        // only acknowledged or refused as the database being away: no 500, no dropped call
        expect(outcomes.filter((o) => o.status !== 201 && o.status !== 503)).toEqual([]);
        expect(byStatus(503).every((o) => o.code === 'database_unavailable')).toBe(true);
        expect(byStatus(503).filter((o) => o.phase === 'down').length).toBeGreaterThan(0);
        expect(byStatus(201).filter((o) => o.phase === 'up').length).toBeGreaterThan(0);
        expect(byStatus(201).filter((o) => o.phase === 'back').length).toBeGreaterThan(0);
        expect(ready).toEqual([
          { phase: 'down', status: 503, code: 'database_unavailable' },
          { phase: 'back', status: 200, code: undefined },
        ]);

        // every write answered 201 is in the database
        const client = new pg.Client({ connectionString: postgres.url });
        await client.connect();
        let saved: Set<string>;
        try {
          saved = new Set(
            (await client.query<{ name: string }>('SELECT name FROM activities')).rows.map(
              (row) => row.name,
            ),
          );
        } finally {
          await client.end();
        }
        expect(byStatus(201).filter((o) => !saved.has(o.name))).toEqual([]);
        // the same process all along, which said so in its log once each way
        expect(server.child.exitCode).toBeNull();
        await until('the log says it is back', () =>
          server!.output().includes('database available again'),
        );
        const output = server.output();
        expect(output).toContain('database unavailable: ');
        expect(output).not.toContain('request failed');
      } finally {
        await server?.stop();
        postgres.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 60_000);
  },
);
