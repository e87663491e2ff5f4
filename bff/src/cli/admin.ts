import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config.js';
import type { DatabaseTarget } from '../councils/council-database.js';
import { createAuditRepo } from '../data/audit-repo.js';
import { openDatabase } from '../data/open-database.js';
import { createMfaRepo } from '../data/mfa-repo.js';
import { createUsersRepo } from '../data/users-repo.js';
import { t } from '../i18n/index.js';
import { maskDni } from '../logger.js';
import { checkIdentity } from '../services/admin/identity-checks.js';
import { firstAdminFile, insertFirstAdmin } from '../services/bootstrap.js';
import { EmptyDatabaseRefused, refuseEmptyDatabaseAfterUse } from '../services/earlier-use.js';
import { jwtSecretFile } from '../services/token-service.js';
import { isValidDni, normaliseDni } from '../lib/identity.js';
import { hashPasswordSync, passwordProblem } from '../services/passwords.js';
import { CouncilDatabaseRefused, councilDatabaseState } from './council-databases.js';
import { councilTarget, CouncilRefused } from './council-target.js';
import { COUNCILS_HELP, COUNCILS_USAGE, councils } from './councils.js';
import { BackupRefused } from './sqlite-backup.js';

const USAGE = `Usage:
  npm run admin -- init
  npm run admin -- create [--council <id>] --dni 12345678Z --phone 612345678 [--email name@example.es]
  npm run admin -- reset-mfa [--council <id>] --dni 12345678Z
${COUNCILS_USAGE}

init: initialises an empty database (DATA_DIR or DATABASE_URL) for a new portal: its schema and
the first administrator, from ADMIN_DNI and ADMIN_PASSWORD or asked for. The only way a
production server gets an empty database to start on; refused on a database with accounts, or
while DATA_DIR shows earlier use (ALLOW_EMPTY_DATABASE=true to go ahead anyway).

create: a verified administrator account in the database under DATA_DIR (./data by default) or
DATABASE_URL. The password comes from the ADMIN_PASSWORD environment variable or is asked for
(twice).
reset-mfa: removes an administrator's second factor (a lost phone, and no other administrator to
reset it from the panel); their sessions end and they set it up again at the next login.
--council <id>: in a deployment of many councils (COUNCILS_DIR), that council's database.

${COUNCILS_HELP}`;

class UsageError extends Error {}

function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

/**
 * Asks `questions` (shown as typed) and then the password twice (hidden at a terminal), all on
 * one stdin reader, so piped answers are read in order.
 */
async function promptPassword(
  questions: string[] = [],
): Promise<{ answers: string[]; password: string; repeat: string }> {
  const tty = process.stdin.isTTY === true;
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: tty });
  let hiding = false;
  if (tty) {
    const writer = rl as unknown as { _writeToOutput: (s: string) => void };
    writer._writeToOutput = (s: string) => {
      if (!hiding || s.includes('assword')) process.stdout.write(s);
    };
  }
  const lines = rl[Symbol.asyncIterator]();
  const ask = async (question: string) => {
    process.stdout.write(question);
    const { value, done } = await lines.next();
    if (tty && hiding) process.stdout.write('\n');
    return done ? '' : String(value);
  };
  try {
    const answers: string[] = [];
    for (const question of questions) answers.push((await ask(question)).trim());
    hiding = true;
    const password = await ask('Password: ');
    const repeat = await ask('Repeat password: ');
    return { answers, password, repeat };
  } finally {
    rl.close();
  }
}

async function readPassword(): Promise<{ password: string; repeat: string }> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return { password: fromEnv, repeat: fromEnv };
  return promptPassword();
}

/**
 * The database a command works on: the portal's, or with `--council <id>` that council's (its
 * folder in COUNCILS_DIR checked, its database added), and where its staff log in.
 */
async function commandDatabase(
  config: Config,
  councilId: string | undefined,
): Promise<{ target: DatabaseTarget; loginUrl: string; council: string }> {
  const base = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  if (councilId === undefined)
    return { target: base, loginUrl: `${config.publicUrl}/login`, council: '' };
  const { folder, target } = councilTarget(base, councilId);
  const state = await councilDatabaseState(base, councilId);
  if (!state.exists)
    throw new CouncilRefused(
      `council "${councilId}" is not added yet (no database ${state.describe}): npm run admin -- councils add ${councilId}`,
    );
  const url = new URL(config.publicUrl);
  url.hostname = folder.hosts[0]!;
  return {
    target,
    loginUrl: `${url.origin}/login`,
    council: ` of council "${councilId}"`,
  };
}

async function create(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      dni: { type: 'string' },
      phone: { type: 'string' },
      email: { type: 'string' },
      council: { type: 'string' },
    },
    strict: true,
  });
  if (!values.dni || !values.phone) throw new UsageError('--dni and --phone are required');
  const identity = checkIdentity({
    dni: values.dni,
    phone: values.phone,
    email: values.email ?? null,
  });
  const problems = identity.issues.map((issue) => `${String(issue.loc[1])}: ${t('en', issue.msg)}`);
  if (problems.length > 0) fail(problems.join('\n'), 1);

  // ADMIN_PASSWORD is this command's input here, not the first-start pair, so keep it out of the check
  const config = loadConfig({ ...process.env, ADMIN_DNI: undefined, ADMIN_PASSWORD: undefined });
  const where = await commandDatabase(config, values.council);
  const db = await openDatabase(where.target);
  try {
    const users = createUsersRepo(db);
    if (await users.findByDni(identity.dni))
      fail(`An account with DNI ${identity.dni} already exists.`, 1);
    const { password, repeat } = await readPassword();
    const problem = passwordProblem(password, repeat);
    if (problem) fail(`password: ${t('en', problem)}`, 1);
    const audit = createAuditRepo(db);
    const id = await db.transaction(async () => {
      const newId = await users.insert({
        dni: identity.dni,
        phone: identity.phone,
        email: identity.email,
        password_hash: hashPasswordSync(password),
        role: 'admin',
        verified: true,
      });
      await audit.record({
        actorUserId: null,
        actorDni: null,
        action: 'cli.admin_created',
        entity: 'user',
        entityId: newId,
        details: { dni: maskDni(identity.dni) },
      });
      return newId;
    });
    process.stdout.write(
      `Administrator created${where.council}: DNI ${identity.dni} (account ${id}) in ${db.describe}.\n` +
        `Log in at ${where.loginUrl}\n`,
    );
  } finally {
    await db.close();
  }
}

async function init(args: string[]): Promise<void> {
  parseArgs({ args, options: {}, strict: true });
  const config = loadConfig();
  // opening the database creates its schema (the migrations)
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const users = createUsersRepo(db);
    const accounts = await users.count();
    if (accounts > 0)
      fail(`${db.describe} is already initialised (${accounts} accounts): nothing done.`, 1);
    await refuseEmptyDatabaseAfterUse(config, db, [
      jwtSecretFile(config.dataDir),
      firstAdminFile(config.dataDir),
    ]).catch((err: unknown) => {
      if (err instanceof EmptyDatabaseRefused) fail(err.message, 1);
      throw err;
    });
    // ADMIN_DNI and ADMIN_PASSWORD, which the configuration sets together, or asked for
    let dni = config.adminDni ?? '';
    let password = config.adminPassword ?? '';
    let repeat = password;
    if (!dni) {
      let answers: string[];
      ({ answers, password, repeat } = await promptPassword(['First administrator’s DNI/NIE: ']));
      dni = answers[0] ?? '';
    }
    dni = normaliseDni(dni);
    if (!isValidDni(dni))
      fail('The DNI/NIE is not valid (8 digits and the right letter, e.g. 12345678Z).', 1);
    const problem = passwordProblem(password, repeat);
    if (problem) fail(`password: ${t('en', problem)}`, 1);
    const id = await db.transaction(() =>
      insertFirstAdmin(
        db,
        { users, audit: createAuditRepo(db) },
        { dni, generated: false },
        hashPasswordSync(password),
        'cli.init',
      ),
    );
    if (id === null) fail(`${db.describe} got its first account meanwhile: nothing done.`, 1);
    process.stdout.write(
      `Initialised ${db.describe}: first administrator DNI ${dni} (account ${id}).\n` +
        `Start the portal and log in at ${config.publicUrl}/login\n`,
    );
  } finally {
    await db.close();
  }
}

async function resetMfa(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { dni: { type: 'string' }, council: { type: 'string' } },
    strict: true,
  });
  if (!values.dni) throw new UsageError('--dni is required');
  const dni = values.dni.trim().toUpperCase();
  const config = loadConfig({ ...process.env, ADMIN_DNI: undefined, ADMIN_PASSWORD: undefined });
  const db = await openDatabase((await commandDatabase(config, values.council)).target);
  try {
    const user = await createUsersRepo(db).findByDni(dni);
    if (!user || user.role !== 'admin') fail(`No administrator has DNI ${dni}.`, 1);
    await db.transaction(async () => {
      await createMfaRepo(db).reset(user.id);
      await createAuditRepo(db).record({
        actorUserId: null,
        actorDni: null,
        action: 'cli.mfa_reset',
        entity: 'user',
        entityId: user.id,
        details: { dni: maskDni(dni) },
      });
    });
    process.stdout.write(
      `Second factor removed for ${dni}; they set it up again after logging in.\n`,
    );
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  try {
    if (command === 'init') return await init(rest);
    if (command === 'create') return await create(rest);
    if (command === 'reset-mfa') return await resetMfa(rest);
    if (command === 'councils') {
      const config = loadConfig({
        ...process.env,
        ADMIN_DNI: undefined,
        ADMIN_PASSWORD: undefined,
      });
      process.exitCode = await councils(rest, {
        config,
        base: { databaseUrl: config.databaseUrl, dataDir: config.dataDir },
        env: process.env,
        out: (line) => process.stdout.write(`${line}\n`),
        err: (line) => process.stderr.write(`${line}\n`),
      });
      return;
    }
    if (command === undefined || command === 'help' || command === '--help') {
      process.stdout.write(`${USAGE}\n`);
      return;
    }
    throw new UsageError(`Unknown command "${command}"`);
  } catch (err) {
    if (err instanceof ConfigError)
      fail(err.problems.map((p) => `Configuration error: ${p}`).join('\n'), 2);
    if (
      err instanceof CouncilRefused ||
      err instanceof CouncilDatabaseRefused ||
      err instanceof BackupRefused
    )
      fail(err.message, 1);
    if (
      err instanceof UsageError ||
      (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      fail(`${(err as Error).message}\n\n${USAGE}`, 2);
    }
    throw err;
  }
}

await main();
