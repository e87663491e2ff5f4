import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../config.js';
import { councilConfig } from '../councils/council-config.js';
import { councilDatabase, type DatabaseTarget } from '../councils/council-database.js';
import {
  readCouncilFolder,
  readCouncilFolders,
  type CouncilFolder,
} from '../councils/council-folders.js';
import { isPostgresUrl } from '../data/engines.js';
import {
  councilDatabaseState,
  createCouncilDatabase,
  dropCouncilDatabase,
  dumpCouncilDatabase,
  LATEST_MIGRATION,
  unservedCouncilDatabases,
  type CouncilDatabaseState,
} from './council-databases.js';
import {
  checkCouncilId,
  councilsDirOf,
  CouncilRefused,
  requireCouncilsDir,
} from './council-target.js';
import { backupSqlite, liveSqliteFile } from './sqlite-backup.js';

/** What `npm run admin -- councils …` needs of the configuration. */
export interface CouncilsContext {
  /** The deployment's configuration, as its processes load it. */
  config: Config;
  base: DatabaseTarget;
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
}

export const COUNCILS_USAGE = `  npm run admin -- councils list
  npm run admin -- councils add <id>
  npm run admin -- councils check <folder>
  npm run admin -- councils remove <id> [--to <folder>] [--confirm]`;

export const COUNCILS_HELP = `councils (COUNCILS_DIR set; docs/many-councils.md): list shows every council folder, its hosts,
its database and how far it is migrated, and its problems. add creates a council's database (its
folder in COUNCILS_DIR checked first) and runs the migrations. check validates one council folder
(before copying it in): every problem one line. remove exports a council's database and data
folder into a new folder (--to, or DATA_DIR/removed-councils/<id>-<time>) and deletes them only
with --confirm, once its folder is out of COUNCILS_DIR; the council folder itself is never touched.`;

/**
 * Every reason the deployment would refuse to serve this council, as its processes would say it
 * at start: its folder's problems, then what its configuration lacks (its payments' key named
 * but not set, Redsys's test bank on an https site…).
 */
function councilProblems(ctx: CouncilsContext, folder: CouncilFolder): string[] {
  if (folder.problems.length > 0) return folder.problems;
  // the secret only derives the council's keys; a placeholder keeps the check from writing one
  const config = { ...ctx.config, jwtSecret: ctx.config.jwtSecret ?? 'x'.repeat(48) };
  return councilConfig(config, folder, ctx.env).problems;
}

function migrationText(state: CouncilDatabaseState): string {
  if (!state.exists) return 'not created';
  if (state.version === null) return 'no migrations applied';
  if (state.version === LATEST_MIGRATION) return `migration ${state.version} (up to date)`;
  return `migration ${state.version} (${LATEST_MIGRATION} at the next start)`;
}

async function list(args: string[], ctx: CouncilsContext): Promise<number> {
  parseArgs({ args, options: {}, strict: true });
  const dir = requireCouncilsDir(ctx.env);
  const folders = readCouncilFolders(dir);
  if (folders.length === 0) ctx.out(`No council folders in ${dir}.`);
  for (const folder of folders) {
    const state = await councilDatabaseState(ctx.base, folder.id);
    ctx.out(
      `${folder.id}  hosts: ${folder.hosts.join(', ') || '(none)'}  database: ${state.describe}  ${migrationText(state)}`,
    );
    for (const problem of councilProblems(ctx, folder)) ctx.out(`  problem: ${problem}`);
  }
  const served = folders.map((folder) => folder.id);
  for (const database of await unservedCouncilDatabases(ctx.base, served))
    ctx.out(
      `(no folder in COUNCILS_DIR)  database: ${database}  not served: export and delete it with npm run admin -- councils remove <id>`,
    );
  return 0;
}

async function add(args: string[], ctx: CouncilsContext): Promise<number> {
  const { positionals } = parseArgs({ args, options: {}, allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new CouncilRefused('councils add takes one council id.');
  const id = checkCouncilId(positionals[0]!);
  const dir = requireCouncilsDir(ctx.env);
  if (!existsSync(join(dir, id, 'council.json')))
    throw new CouncilRefused(
      `council "${id}" has no folder in COUNCILS_DIR: put its folder (${join(dir, id)}, with its council.json) there first.`,
    );
  // checked among the others: a host another council lists is a problem too
  const folder = readCouncilFolders(dir).find((f) => f.id === id)!;
  const problems = councilProblems(ctx, folder);
  if (problems.length > 0) {
    for (const problem of problems) ctx.err(problem);
    return 1;
  }
  const state = await createCouncilDatabase(ctx.base, id);
  ctx.out(
    `Added council "${id}" (hosts ${folder.hosts.join(', ')}): database ${state.describe}, ${migrationText(state)}.\n` +
      `Its first administrator: npm run admin -- create --council ${id} --dni … --phone …\n` +
      `Restart the portal's processes to serve it.`,
  );
  return 0;
}

async function check(args: string[], ctx: CouncilsContext): Promise<number> {
  const { positionals } = parseArgs({ args, options: {}, allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new CouncilRefused('councils check takes one folder.');
  const path = resolve(ctx.env.INIT_CWD ?? process.cwd(), positionals[0]!);
  if (!existsSync(path)) throw new CouncilRefused(`${path} does not exist.`);
  const folder = readCouncilFolder(path);
  const problems = [...councilProblems(ctx, folder)];
  const councilsDir = councilsDirOf(ctx.env);
  if (councilsDir !== null && existsSync(councilsDir)) {
    for (const other of readCouncilFolders(councilsDir)) {
      if (other.dir === folder.dir) continue;
      if (other.id === folder.id)
        problems.push(
          `council "${folder.id}": COUNCILS_DIR already has a council "${other.id}" (${other.dir})`,
        );
      for (const host of folder.hosts.filter((h) => other.hosts.includes(h)))
        problems.push(`council "${folder.id}": host ${host} is already council "${other.id}"'s`);
    }
  }
  if (problems.length > 0) {
    for (const problem of problems) ctx.err(problem);
    return 1;
  }
  ctx.out(`council "${folder.id}" is fine: hosts ${folder.hosts.join(', ')}.`);
  return 0;
}

/** Copies a council's database and data folder (its backups, kept copies) into `exportDir`. */
async function exportCouncil(
  ctx: CouncilsContext,
  id: string,
  exportDir: string,
): Promise<string[]> {
  const target = councilDatabase(ctx.base, id);
  mkdirSync(exportDir, { recursive: true });
  const written: string[] = [];
  if (isPostgresUrl(target.databaseUrl)) {
    const file = join(exportDir, `${id}.dump`);
    dumpCouncilDatabase(ctx.base, id, file);
    written.push(file);
  } else if (existsSync(liveSqliteFile(target.dataDir))) {
    const file = join(exportDir, `${id}.sqlite`);
    await backupSqlite(target.dataDir, file);
    written.push(file);
  }
  if (existsSync(target.dataDir)) {
    const live = liveSqliteFile(target.dataDir);
    const kept = join(exportDir, 'data');
    cpSync(target.dataDir, kept, {
      recursive: true,
      // the live database went through SQLite's backup above; its files are not a copy to keep
      filter: (source) => ![live, `${live}-wal`, `${live}-shm`].includes(source),
    });
    if (readdirSync(kept).length > 0) written.push(kept);
    else rmSync(kept, { recursive: true });
  }
  return written;
}

async function remove(args: string[], ctx: CouncilsContext): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    options: { confirm: { type: 'boolean' }, to: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new CouncilRefused('councils remove takes one council id.');
  const id = checkCouncilId(positionals[0]!);
  const dir = requireCouncilsDir(ctx.env);
  const state = await councilDatabaseState(ctx.base, id);
  const target = councilDatabase(ctx.base, id);
  if (!state.exists && !existsSync(target.dataDir))
    throw new CouncilRefused(
      `council "${id}" has no database (${state.describe}): nothing to remove.`,
    );

  if (values.confirm && existsSync(join(dir, id))) {
    ctx.err(
      `council "${id}"'s folder is still in COUNCILS_DIR (${join(dir, id)}), so the portal still serves its hosts: move it out, restart the portal, then run this again. Nothing exported, nothing deleted.`,
    );
    return 1;
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const exportDir = resolve(
    ctx.env.INIT_CWD ?? process.cwd(),
    values.to ?? join(ctx.base.dataDir, 'removed-councils', `${id}-${stamp}`),
  );
  if (existsSync(exportDir) && readdirSync(exportDir).length > 0)
    throw new CouncilRefused(`${exportDir} is not empty: name a new folder with --to.`);
  const written = await exportCouncil(ctx, id, exportDir);
  ctx.out(
    `Exported council "${id}" into ${exportDir}: ${written.join(', ') || 'nothing to copy'}.`,
  );

  if (!values.confirm) {
    ctx.err(
      `Nothing deleted. To delete council "${id}"'s database (${state.describe}) and data folder, run: npm run admin -- councils remove ${id} --confirm`,
    );
    return 1;
  }
  if (isPostgresUrl(target.databaseUrl)) await dropCouncilDatabase(ctx.base, id);
  rmSync(target.dataDir, { recursive: true, force: true });
  ctx.out(
    `Removed council "${id}": ${state.describe} deleted, and its data folder ${target.dataDir}. Its export stays in ${exportDir}.`,
  );
  return 0;
}

/** `npm run admin -- councils <command> …`: the exit code. */
export async function councils(args: string[], ctx: CouncilsContext): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'list') return list(rest, ctx);
  if (command === 'add') return add(rest, ctx);
  if (command === 'check') return check(rest, ctx);
  if (command === 'remove') return remove(rest, ctx);
  throw new CouncilRefused(
    `Unknown councils command "${command ?? ''}": list, add, check or remove.`,
  );
}
