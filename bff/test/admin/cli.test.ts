import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/data/open-database.js';
import { createUsersRepo } from '../../src/data/users-repo.js';
import { verify as verifyPassword } from '@node-rs/argon2';
import { freshDatabaseUrl } from '../helpers/test-database.js';

const bff = resolve(import.meta.dirname, '../..');
const tsx = resolve(bff, '../node_modules/.bin/tsx');
const dataDir = mkdtempSync(join(tmpdir(), 'portal-cli-'));
let database: Awaited<ReturnType<typeof freshDatabaseUrl>>;

function run(args: string[], env: Record<string, string> = {}, input = '') {
  return spawnSync(tsx, ['src/cli/admin.ts', ...args], {
    cwd: bff,
    input,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
  });
}

describe('admin command line', () => {
  beforeAll(async () => {
    database = await freshDatabaseUrl();
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates a verified admin in the DATA_DIR database with the password from ADMIN_PASSWORD', async () => {
    const out = run(
      [
        'create',
        '--dni',
        '33445566r',
        '--phone',
        '34600111222',
        '--email',
        'Deportes@Concello.example.gal',
      ],
      {
        ADMIN_PASSWORD: 'pavillon-municipal-2026',
      },
    );
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    expect(out.stdout).toContain('Administrator created: DNI 33445566R');
    expect(out.stdout).not.toContain('pavillon');
    const db = await openDatabase({ databaseUrl: database.url, dataDir });
    try {
      const user = await createUsersRepo(db).findByDni('33445566R');
      expect(user).toMatchObject({
        role: 'admin',
        verified: 1,
        phone: '600111222',
        email: 'deportes@concello.example.gal',
      });
      expect(await verifyPassword(user?.password_hash ?? '', 'pavillon-municipal-2026')).toBe(true);
    } finally {
      await db.close();
    }
  }, 30_000);

  it('reads the password from stdin when ADMIN_PASSWORD is not set, and refuses a mismatch', () => {
    const ok = run(
      ['create', '--dni', 'X1234567L', '--phone', '612345678'],
      {},
      'piscina-cuberta-26\npiscina-cuberta-26\n',
    );
    expect(ok.status).toBe(0);
    const mismatch = run(
      ['create', '--dni', 'Y1234567X', '--phone', '612345678'],
      {},
      'piscina-cuberta-26\notra-cousa-26\n',
    );
    expect(mismatch.status).toBe(1);
    expect(mismatch.stderr).toContain('Passwords do not match.');
  }, 30_000);

  it('explains bad input and duplicates without creating anything', () => {
    const bad = run(['create', '--dni', '12345678A', '--phone', '1234'], {
      ADMIN_PASSWORD: 'pavillon-municipal-2026',
    });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('dni: Enter a valid DNI or NIE');
    expect(bad.stderr).toContain('phone: Enter a 9-digit phone number.');
    const duplicate = run(['create', '--dni', '33445566R', '--phone', '612345678'], {
      ADMIN_PASSWORD: 'pavillon-municipal-2026',
    });
    expect(duplicate.status).toBe(1);
    expect(duplicate.stderr).toContain('already exists');
    const usage = run(['create', '--dni', '33445566R']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('Usage:');
  }, 30_000);

  it('reset-mfa removes an administrator’s second factor, ends their sessions and audits it', async () => {
    const db = await openDatabase({ databaseUrl: database.url, dataDir });
    try {
      const users = createUsersRepo(db);
      const admin = await users.findByDni('33445566R');
      expect(admin).toBeDefined();
      await db
        .q()
        .updateTable('users')
        .set({ mfa_secret: 'sealed', mfa_last_step: 1 })
        .where('id', '=', admin!.id)
        .execute();
      const out = run(['reset-mfa', '--dni', '33445566r']);
      expect(out.stderr).toBe('');
      expect(out.status).toBe(0);
      expect(out.stdout).toContain('Second factor removed for 33445566R');
      const after = await users.findByDni('33445566R');
      expect(after).toMatchObject({ mfa_secret: null, mfa_last_step: null });
      expect(after!.token_version).toBeGreaterThan(admin!.token_version);
      const audited = await db
        .q()
        .selectFrom('audit_log')
        .select('action')
        .where('action', '=', 'cli.mfa_reset')
        .execute();
      expect(audited).toHaveLength(1);
      const unknown = run(['reset-mfa', '--dni', '11111111H']);
      expect(unknown.status).toBe(1);
      expect(unknown.stderr).toContain('No administrator has DNI 11111111H');
    } finally {
      await db.close();
    }
  });
});
