import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { verify as verifyPassword } from '@node-rs/argon2';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { councilDatabaseState, LATEST_MIGRATION } from '../../src/cli/council-databases.js';
import { councilDatabase, councilDatabaseName } from '../../src/councils/council-database.js';
import { openDatabase } from '../../src/data/open-database.js';
import { testEngine } from '../helpers/test-database.js';
import { callHost, startDeployment } from './deployment-process.js';

/**
 * Issue 64 item 4: `npm run admin -- councils list|add|check|remove`, `create --council` and
 * backup/restore `--council`, run as the operator runs them (the real CLI in a process), on the
 * engine the suite runs on: SQLite files under DATA_DIR/councils/<id>/, or one PostgreSQL
 * database per council in the test server's cluster.
 */
const bff = resolve(import.meta.dirname, '../..');
const repo = resolve(bff, '..');
const tsx = resolve(repo, 'node_modules/.bin/tsx');
const ADMIN = { dni: '33445566R', password: 'concello-deportes-2026' };

const root = mkdtempSync(join(tmpdir(), 'portal-councils-'));
const dataDir = join(root, 'data');
const councilsDir = join(root, 'councils');
const databaseUrl = process.env.TEST_DATABASE_URL ?? null;
const base = { databaseUrl, dataDir };
// ids of their own, so runs sharing a PostgreSQL cluster never meet
const suffix = randomBytes(3).toString('hex');
const north = `norte-${suffix}`;
const south = `sur-${suffix}`;

function councilFolder(dir: string, from: 'nigran' | 'ejemplo', hosts: string[]) {
  cpSync(join(repo, 'councils', from), dir, { recursive: true });
  const file = join(dir, 'council.json');
  const council = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, JSON.stringify({ ...council, hosts }, null, 2));
}

function admin(args: string[], extra: Record<string, string> = {}, input = '') {
  return spawnSync(tsx, ['src/cli/admin.ts', ...args], {
    cwd: bff,
    input,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      COUNCILS_DIR: councilsDir,
      PUBLIC_URL: 'http://localhost:8080',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...extra,
    },
  });
}

function backup(command: 'backup' | 'restore', args: string[]) {
  return spawnSync(tsx, ['src/cli/backup.ts', command, ...args], {
    cwd: bff,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      COUNCILS_DIR: councilsDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
}

async function accounts(id: string) {
  const db = await openDatabase({ ...councilDatabase(base, id), migrate: false });
  try {
    return await db.q().selectFrom('users').select(['dni', 'role', 'password_hash']).execute();
  } finally {
    await db.close();
  }
}

async function dropLeftovers() {
  if (!databaseUrl) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const id of [north, south])
      await client.query(`DROP DATABASE IF EXISTS "${councilDatabaseName(id)}"`);
  } finally {
    await client.end();
  }
}

describe(`npm run admin -- councils (${testEngine})`, () => {
  beforeAll(() => {
    mkdirSync(councilsDir);
    councilFolder(join(councilsDir, north), 'nigran', ['norte.localhost']);
    councilFolder(join(councilsDir, south), 'ejemplo', ['sur.localhost', 'deportes.sur.example']);
  });
  afterAll(async () => {
    await dropLeftovers();
    rmSync(root, { recursive: true, force: true });
  });

  it('add creates a council’s database and runs the migrations; a second add is refused', async () => {
    expect((await councilDatabaseState(base, north)).exists).toBe(false);
    const added = admin(['councils', 'add', north]);
    expect(added.stderr).toBe('');
    expect(added.status).toBe(0);
    expect(added.stdout).toContain(`Added council "${north}" (hosts norte.localhost)`);
    expect(added.stdout).toContain(`migration ${LATEST_MIGRATION} (up to date)`);
    const state = await councilDatabaseState(base, north);
    expect(state).toMatchObject({ exists: true, version: LATEST_MIGRATION });
    if (databaseUrl) expect(state.describe).toMatch(new RegExp(`/portal_norte_${suffix}$`));
    else expect(state.describe).toBe(join(dataDir, 'councils', north, 'portal.sqlite'));
    // its own database: nothing under the deployment's own
    expect(existsSync(join(dataDir, 'portal.sqlite'))).toBe(false);

    const again = admin(['councils', 'add', north]);
    expect(again.status).not.toBe(0);
    expect(again.stderr.trim()).toBe(
      `council "${north}" is already added (its database ${state.describe} exists): nothing done.`,
    );
  }, 60_000);

  it('add refuses a council without a folder, a bad id, and no COUNCILS_DIR, creating nothing', async () => {
    const missing = admin(['councils', 'add', `oeste-${suffix}`]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain(`council "oeste-${suffix}" has no folder in COUNCILS_DIR`);
    expect((await councilDatabaseState(base, `oeste-${suffix}`)).exists).toBe(false);
    const badId = admin(['councils', 'add', '../Norte']);
    expect(badId.status).toBe(1);
    expect(badId.stderr).toContain('"../Norte" is not a council id');
    const noDir = admin(['councils', 'add', south], { COUNCILS_DIR: '' });
    expect(noDir.status).toBe(1);
    expect(noDir.stderr).toContain('COUNCILS_DIR is not set');
    expect((await councilDatabaseState(base, south)).exists).toBe(false);
  }, 60_000);

  it('list names every council, its hosts, its database, its migration or "not created", and its problems', () => {
    const broken = join(councilsDir, `roto-${suffix}`);
    mkdirSync(broken);
    writeFileSync(join(broken, 'council.json'), '{"name": "Concello roto"}');
    try {
      const out = admin(['councils', 'list']);
      expect(out.stderr).toBe('');
      expect(out.status).toBe(0);
      const lines = out.stdout.trim().split('\n');
      const northLine = lines.find((line) => line.startsWith(`${north} `));
      expect(northLine).toContain('hosts: norte.localhost');
      expect(northLine).toContain(`migration ${LATEST_MIGRATION} (up to date)`);
      const southLine = lines.find((line) => line.startsWith(`${south} `));
      expect(southLine).toContain('hosts: sur.localhost, deportes.sur.example');
      expect(southLine).toMatch(/not created$/);
      expect(southLine).toContain(
        databaseUrl ? `/portal_sur_${suffix}` : join('councils', south, 'portal.sqlite'),
      );
      expect(lines.some((line) => line.startsWith(`roto-${suffix} `))).toBe(true);
      expect(
        lines.filter((line) => line.startsWith(`  problem: council "roto-${suffix}"`)).length,
      ).toBeGreaterThan(1);
    } finally {
      rmSync(broken, { recursive: true });
    }
  }, 60_000);

  it('check says every problem of a folder in one line each, and a host another council has', () => {
    const outside = join(root, 'candidates');
    const bad = join(outside, 'Mal-Nombre');
    councilFolder(bad, 'ejemplo', ['Deportes.Example.GAL']);
    const file = join(bad, 'council.json');
    const council = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    delete council.name;
    writeFileSync(file, JSON.stringify(council));
    const out = admin(['councils', 'check', bad]);
    expect(out.status).toBe(1);
    expect(out.stdout).toBe('');
    const lines = out.stderr.trim().split('\n');
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).toMatch(/^council "Mal-Nombre": /);
    expect(out.stderr).toContain("the folder's name is the council's id");
    expect(out.stderr).toContain('hosts.0 must be a host name in lower case');
    expect(out.stderr).toContain('name must be a text');

    // a well-made folder whose host is already another council's, and whose id is taken
    const taken = join(outside, north);
    councilFolder(taken, 'ejemplo', ['nuevo.localhost', 'sur.localhost']);
    const clash = admin(['councils', 'check', taken]);
    expect(clash.status).toBe(1);
    expect(clash.stderr.trim().split('\n').sort()).toEqual(
      [
        `council "${north}": COUNCILS_DIR already has a council "${north}" (${join(councilsDir, north)})`,
        `council "${north}": host sur.localhost is already council "${south}"'s`,
      ].sort(),
    );
    // without COUNCILS_DIR only the folder itself is checked
    expect(admin(['councils', 'check', taken], { COUNCILS_DIR: '' }).status).toBe(0);

    // its card payments' key named in an environment variable the deployment lacks
    const paying = join(outside, `pago-${suffix}`);
    councilFolder(paying, 'nigran', ['pago.localhost']);
    const payingFile = join(paying, 'council.json');
    writeFileSync(
      payingFile,
      JSON.stringify({
        ...(JSON.parse(readFileSync(payingFile, 'utf8')) as object),
        payments: { merchantCode: '999008881', secret: { env: 'REDSYS_SECRET_PAGO' } },
      }),
    );
    const unset = admin(['councils', 'check', paying]);
    expect(unset.status).toBe(1);
    expect(unset.stderr.trim()).toBe(
      `council "pago-${suffix}": payments.secret: the environment variable REDSYS_SECRET_PAGO is not set`,
    );
    const set = admin(['councils', 'check', paying], {
      REDSYS_SECRET_PAGO: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
    });
    expect(set.stderr).toBe('');
    expect(set.status).toBe(0);

    const fine = join(outside, `este-${suffix}`);
    councilFolder(fine, 'nigran', ['este.localhost']);
    const ok = admin(['councils', 'check', fine]);
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(ok.stdout.trim()).toBe(`council "este-${suffix}" is fine: hosts este.localhost.`);
  }, 60_000);

  it('create --council adds an administrator to that council only; a council not added is refused', async () => {
    const out = admin(['create', '--council', north, '--dni', ADMIN.dni, '--phone', '612345678'], {
      ADMIN_PASSWORD: ADMIN.password,
    });
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    expect(out.stdout).toContain(`Administrator created of council "${north}": DNI ${ADMIN.dni}`);
    expect(out.stdout).toContain('Log in at http://norte.localhost:8080/login');
    const [created, ...others] = await accounts(north);
    expect(others).toEqual([]);
    expect(created).toMatchObject({ dni: ADMIN.dni, role: 'admin' });
    expect(await verifyPassword(created!.password_hash, ADMIN.password)).toBe(true);

    const notAdded = admin(
      ['create', '--council', south, '--dni', ADMIN.dni, '--phone', '612345678'],
      { ADMIN_PASSWORD: ADMIN.password },
    );
    expect(notAdded.status).toBe(1);
    expect(notAdded.stderr).toContain(`council "${south}" is not added yet`);
    expect((await councilDatabaseState(base, south)).exists).toBe(false);

    // the same DNI is a separate account in another council: nothing links them
    expect(admin(['councils', 'add', south]).status).toBe(0);
    expect(await accounts(south)).toEqual([]);
    const second = admin(
      ['create', '--council', south, '--dni', ADMIN.dni, '--phone', '612345679'],
      { ADMIN_PASSWORD: 'outra-clave-2026-sur' },
    );
    expect(second.status).toBe(0);
    const [southAdmin] = await accounts(south);
    expect(await verifyPassword(southAdmin!.password_hash, ADMIN.password)).toBe(false);
    expect(await accounts(north)).toHaveLength(1);
  }, 90_000);

  it('the administrator create --council added signs in at that council’s host only', async () => {
    const server = await startDeployment(
      {
        DATA_DIR: dataDir,
        COUNCILS_DIR: councilsDir,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      'norte.localhost',
    );
    try {
      const login = (host: string, password: string) =>
        callHost(server.port, host, 'POST', '/api/user/login', {
          username: ADMIN.dni,
          password,
        });
      const north = await login('norte.localhost', ADMIN.password);
      expect(north.status, server.output()).toBe(200);
      // the same DNI at the other council is another account, with its own password
      expect((await login('sur.localhost', ADMIN.password)).status).toBe(401);
      expect((await login('sur.localhost', 'outra-clave-2026-sur')).status).toBe(200);
      // a token of one council is refused at the other
      const { access_token: token } = north.json() as { access_token: string };
      const me = (host: string) =>
        callHost(server.port, host, 'GET', '/api/user/me', undefined, {
          Authorization: `Bearer ${token}`,
        });
      expect((await me('norte.localhost')).status).toBe(200);
      expect((await me('deportes.sur.example')).status).toBe(401);
      const unknown = await login('oeste.localhost', ADMIN.password);
      expect(unknown.status).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'unknown_council' });
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 120_000);

  it.skipIf(testEngine !== 'sqlite')(
    'backup and restore --council work on that council’s database alone',
    async () => {
      const file = join(root, `${north}.sqlite`);
      const saved = backup('backup', ['--council', north, file]);
      expect(saved.stderr).toBe('');
      expect(saved.status).toBe(0);
      expect(saved.stdout).toContain(join('councils', north, 'portal.sqlite'));
      const copy = new Sqlite(file, { readonly: true });
      expect(copy.prepare('SELECT dni FROM users').pluck().all()).toEqual([ADMIN.dni]);
      copy.close();

      const db = new Sqlite(join(dataDir, 'councils', north, 'portal.sqlite'));
      db.prepare('DELETE FROM users').run();
      db.close();
      expect(await accounts(north)).toEqual([]);
      const restored = backup('restore', ['--council', north, file]);
      expect(restored.stderr).toBe('');
      expect(restored.status).toBe(0);
      expect((await accounts(north)).map((a) => a.dni)).toEqual([ADMIN.dni]);
      expect(await accounts(south)).toHaveLength(1);

      const unknown = backup('backup', ['--council', `oeste-${suffix}`, file]);
      expect(unknown.status).toBe(1);
      expect(unknown.stderr).toContain('has no folder in COUNCILS_DIR');
    },
    60_000,
  );

  it.skipIf(testEngine !== 'postgres')(
    'backup --council on PostgreSQL names that council’s database for pg_dump',
    () => {
      const out = backup('backup', ['--council', north, join(root, 'x.sqlite')]);
      expect(out.status).toBe(2);
      expect(out.stderr).toContain(`council "${north}"'s database ${councilDatabaseName(north)}`);
      expect(out.stderr).toContain('pg_dump');
    },
    30_000,
  );

  it('remove exports first and deletes nothing without --confirm; with it, once the folder is out, the database goes', async () => {
    const first = join(root, 'exports', 'first');
    const refused = admin(['councils', 'remove', north, '--to', first]);
    expect(refused.status).toBe(1);
    expect(refused.stdout).toContain(`Exported council "${north}" into ${first}`);
    expect(refused.stderr).toContain('Nothing deleted.');
    expect(refused.stderr).toContain(`npm run admin -- councils remove ${north} --confirm`);
    expect((await councilDatabaseState(base, north)).exists).toBe(true);
    const exported = join(first, databaseUrl ? `${north}.dump` : `${north}.sqlite`);
    expect(statSync(exported).size).toBeGreaterThan(1000);
    if (!databaseUrl) {
      const copy = new Sqlite(exported, { readonly: true });
      expect(copy.prepare('SELECT dni FROM users').pluck().all()).toEqual([ADMIN.dni]);
      copy.close();
      // the council's kept copies (a restore's before-restore file) go with it
      expect(statSync(join(first, 'data')).isDirectory()).toBe(true);
    } else {
      expect(readFileSync(exported).subarray(0, 5).toString()).toBe('PGDMP');
    }

    // its folder still in COUNCILS_DIR: the portal still serves it, so nothing is deleted
    const served = admin(['councils', 'remove', north, '--confirm', '--to', join(root, 'x')]);
    expect(served.status).toBe(1);
    expect(served.stderr).toContain('is still in COUNCILS_DIR');
    expect((await councilDatabaseState(base, north)).exists).toBe(true);

    renameSync(join(councilsDir, north), join(root, `${north}-folder`));
    // out of COUNCILS_DIR, not yet removed: list still shows its database, unserved
    const listed = admin(['councils', 'list']).stdout.split('\n');
    const where = databaseUrl
      ? `/${councilDatabaseName(north)}`
      : join('councils', north, 'portal.sqlite');
    const unserved = listed.find(
      (line) => line.startsWith('(no folder in COUNCILS_DIR)') && line.includes(where),
    );
    expect(unserved).toContain('councils remove');
    expect(listed.some((line) => line.startsWith(`${north} `))).toBe(false);
    const second = join(root, 'exports', 'second');
    const removed = admin(['councils', 'remove', north, '--confirm', '--to', second]);
    expect(removed.stderr).toBe('');
    expect(removed.status).toBe(0);
    expect(removed.stdout).toContain(`Removed council "${north}"`);
    expect((await councilDatabaseState(base, north)).exists).toBe(false);
    expect(existsSync(join(dataDir, 'councils', north))).toBe(false);
    expect(existsSync(join(second, databaseUrl ? `${north}.dump` : `${north}.sqlite`))).toBe(true);
    // the council folder itself is never touched, and the other council is as it was
    expect(existsSync(join(root, `${north}-folder`, 'council.json'))).toBe(true);
    expect(await accounts(south)).toHaveLength(1);

    const gone = admin(['councils', 'remove', north]);
    expect(gone.status).toBe(1);
    expect(gone.stderr).toContain('has no database');
  }, 90_000);
});
