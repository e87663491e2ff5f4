import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createActivitiesRepo } from '../../src/data/activities-repo.js';
import { openDatabase } from '../../src/data/open-database.js';
import { testEngine } from '../helpers/test-database.js';

const bff = resolve(import.meta.dirname, '../..');
const tsx = resolve(bff, '../node_modules/.bin/tsx');
const dir = mkdtempSync(join(tmpdir(), 'portal-backup-'));
const dataDir = join(dir, 'data');

function run(command: 'backup' | 'restore', file: string, env: Record<string, string> = {}) {
  return spawnSync(tsx, ['src/cli/backup.ts', command, file], {
    cwd: bff,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATA_DIR: dataDir, ...env },
  });
}

async function activityNames(): Promise<string[]> {
  const db = await openDatabase({ databaseUrl: null, dataDir });
  try {
    return (await createActivitiesRepo(db).list()).map((a) => a.name);
  } finally {
    await db.close();
  }
}

describe('backup and restore (SQLite)', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.skipIf(testEngine !== 'sqlite')(
    'backs up online, restores into place keeping the replaced database, and the data is back',
    async () => {
      const db = await openDatabase({ databaseUrl: null, dataDir });
      const activities = createActivitiesRepo(db);
      const id = await activities.insert({ name: 'Natación', price_cents: 3000, start_date: null });
      const file = join(dir, 'portal-2026-11-24.sqlite');
      // the database is open (as a running server would have it) while the backup runs
      const backup = run('backup', file);
      expect(backup.stderr).toBe('');
      expect(backup.status).toBe(0);
      expect(existsSync(file)).toBe(true);
      await activities.delete(id);
      await activities.insert({ name: 'Pádel', price_cents: 4000, start_date: null });
      await db.close();
      expect(await activityNames()).toEqual(['Pádel']);

      const restore = run('restore', file);
      expect(restore.stderr).toBe('');
      expect(restore.status).toBe(0);
      expect(await activityNames()).toEqual(['Natación']);
      const kept = readdirSync(dataDir).filter((name) => name.includes('before-restore'));
      expect(kept.length).toBeGreaterThan(0);
    },
    30_000,
  );

  it.skipIf(testEngine !== 'sqlite')(
    'refuses to restore a file that is not a backup of the portal, and changes nothing',
    async () => {
      const bogus = join(dir, 'not-a-backup.sqlite');
      writeFileSync(bogus, 'hola');
      const res = run('restore', bogus);
      expect(res.status).toBe(1);
      expect(res.stderr).toContain('not a SQLite database');
      expect(run('restore', join(dir, 'missing.sqlite')).stderr).toContain('does not exist');
      expect(await activityNames()).toEqual(['Natación']);
    },
    30_000,
  );

  it('points to pg_dump when the portal runs on PostgreSQL', () => {
    const res = run('backup', join(dir, 'x.sqlite'), {
      DATABASE_URL: 'postgres://portal@127.0.0.1:1/portal',
    });
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('pg_dump');
  });
});
