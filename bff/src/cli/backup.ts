import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { councilDatabaseName } from '../councils/council-database.js';
import { isPostgresUrl } from '../data/engines.js';
import { councilTarget, CouncilRefused } from './council-target.js';
import { backupSqlite, BackupRefused, liveSqliteFile, restoreSqlite } from './sqlite-backup.js';

const USAGE = `Usage:
  npm run backup -- [--council <id>] <file>    copy the SQLite database under DATA_DIR into <file>, online
  npm run restore -- [--council <id>] <file>   replace the database under DATA_DIR with <file> (stop the server first)

--council <id>: in a deployment of many councils (COUNCILS_DIR), that council's database
(DATA_DIR/councils/<id>/portal.sqlite); without it, the portal's own, as always.
PostgreSQL (DATABASE_URL set) is backed up with pg_dump and restored with pg_restore: see the README
(a council's database is portal_<id> in the same cluster).`;

function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

async function main(): Promise<void> {
  let command: string | undefined;
  let target: string | undefined;
  let councilId: string | undefined;
  try {
    const parsed = parseArgs({
      args: process.argv.slice(2),
      options: { council: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
    [command, target] = parsed.positionals;
    councilId = parsed.values.council;
    if (parsed.positionals.length !== 2) command = undefined;
  } catch {
    command = undefined;
  }
  if ((command !== 'backup' && command !== 'restore') || !target) fail(USAGE, 2);
  let config;
  try {
    config = loadConfig({ ...process.env, ADMIN_DNI: undefined, ADMIN_PASSWORD: undefined });
  } catch (err) {
    if (err instanceof ConfigError)
      fail(err.problems.map((p) => `Configuration error: ${p}`).join('\n'), 2);
    throw err;
  }
  const base = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  let dataDir = config.dataDir;
  if (councilId !== undefined) {
    try {
      dataDir = councilTarget(base, councilId).target.dataDir;
    } catch (err) {
      if (err instanceof CouncilRefused) fail(err.message, 1);
      throw err;
    }
  }
  if (isPostgresUrl(config.databaseUrl)) {
    const name =
      councilId === undefined
        ? 'it'
        : `council "${councilId}"'s database ${councilDatabaseName(councilId)}`;
    fail(
      `DATABASE_URL points at PostgreSQL: back ${name} up with pg_dump and restore it with pg_restore (see the README${councilId === undefined ? '' : ' and docs/many-councils.md'}).`,
      2,
    );
  }
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), target);
  const live = liveSqliteFile(dataDir);

  if (command === 'backup' && councilId !== undefined && !existsSync(live))
    fail(
      `council "${councilId}" has no database yet (${live}): npm run admin -- councils add ${councilId}`,
      1,
    );
  try {
    if (command === 'backup') {
      await backupSqlite(dataDir, file);
      process.stdout.write(`Backed up ${live} to ${file}.\n`);
      return;
    }
    const safety = await restoreSqlite(dataDir, file);
    process.stdout.write(
      `Restored ${file} into ${live}.${safety ? ` The database it replaced is kept as ${safety}.` : ''}\n`,
    );
  } catch (err) {
    if (err instanceof BackupRefused) fail(err.message, 1);
    throw err;
  }
}

await main();
