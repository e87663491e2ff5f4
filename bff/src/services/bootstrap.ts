import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomInt } from 'node:crypto';
import type { Deps } from '../deps.js';
import { t } from '../i18n/index.js';
import { isValidDni, normaliseDni } from '../lib/identity.js';
import { maskDni } from '../logger.js';
import { EmptyDatabaseRefused, refuseEmptyDatabaseAfterUse } from './earlier-use.js';
import { hashPasswordSync, passwordProblem } from './passwords.js';
import { jwtSecretFile } from './token-service.js';

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
// no look-alikes (0/O, 1/l/I) so it can be typed from the screen
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
/** The first admin has no phone of their own yet; a non-mobile number so no SMS can go to it. */
export const BOOTSTRAP_ADMIN_PHONE = '900000000';

export function randomDni(): string {
  const digits = randomInt(0, 100_000_000);
  return `${String(digits).padStart(8, '0')}${DNI_LETTERS[digits % 23]}`;
}

export function randomPassword(length = 20): string {
  let out = '';
  for (let i = 0; i < length; i++) out += PASSWORD_ALPHABET[randomInt(0, PASSWORD_ALPHABET.length)];
  return out;
}

/** The first admin's credentials: from ADMIN_DNI / ADMIN_PASSWORD, or generated. */
export function firstAdminCredentials(config: Deps['config']): {
  dni: string;
  password: string;
  generated: boolean;
} {
  if (config.adminDni && config.adminPassword) {
    const dni = normaliseDni(config.adminDni);
    if (!isValidDni(dni)) {
      throw new Error(
        'ADMIN_DNI is not a valid DNI/NIE (8 digits and the right letter, e.g. 12345678Z)',
      );
    }
    const problem = passwordProblem(config.adminPassword);
    if (problem) throw new Error(`ADMIN_PASSWORD is not acceptable: ${t('en', problem)}`);
    return { dni, password: config.adminPassword, generated: false };
  }
  return { dni: randomDni(), password: randomPassword(), generated: true };
}

export function credentialsBox(dni: string, password: string): string {
  const lines = [
    'First administrator account created',
    '',
    `DNI:        ${dni}`,
    `Password:   ${password}`,
    '',
    'Shown only this once: write it down, log in and change it.',
    'Set ADMIN_DNI and ADMIN_PASSWORD to choose them instead.',
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const bar = '═'.repeat(width + 2);
  return `╔${bar}╗\n${lines.map((l) => `║ ${l.padEnd(width)} ║`).join('\n')}\n╚${bar}╝\n`;
}

const demoActivities = [
  { name: 'Natación infantil', price_cents: 6000, start_date: '2026-10-01' },
  { name: 'Pádel adultos', price_cents: 8550, start_date: null },
  { name: 'Yoga senior', price_cents: 4000, start_date: '2027-01-10' },
  { name: 'Baloncesto alevín', price_cents: 4500, start_date: '2026-09-15' },
  { name: 'Pilates', price_cents: 3500, start_date: null },
];

const demoPeople = [
  {
    first_name: 'María',
    last_name: 'López García',
    dni: '12345678Z',
    email: 'maria.lopez@example.es',
    phone: '612345678',
    activities: ['Natación infantil', 'Pádel adultos'],
  },
  {
    first_name: 'Xoán',
    last_name: 'Pereira Souto',
    dni: '87654321X',
    email: null,
    phone: '622334455',
    activities: ['Baloncesto alevín'],
  },
  {
    first_name: 'Uxía',
    last_name: 'Fernández Rial',
    dni: 'X1234567L',
    email: 'uxia.fernandez@example.gal',
    phone: '633445566',
    activities: ['Yoga senior', 'Pilates'],
  },
  {
    first_name: 'Antonio',
    last_name: 'Castro Lema',
    dni: '45678912S',
    email: 'antonio.castro@example.es',
    phone: '644556677',
    activities: ['Pádel adultos'],
  },
];

/** Where generated first-administrator credentials are also written (readable by the owner only). */
export const firstAdminFile = (dataDir: string) => join(dataDir, 'first-admin.txt');

/** The repositories the first administrator is written with (the server's, or the CLI's own). */
export interface FirstAdminRepos {
  users: Pick<Deps['repos']['users'], 'count' | 'insert'>;
  audit: Pick<Deps['repos']['audit'], 'record'>;
}

/**
 * Inside the caller's transaction, under the bootstrap lock (several processes may start
 * together on an empty database: the lock lets one of them in): the first administrator, unless
 * an account exists by then. The new account's id, or null when someone else got there first.
 */
export async function insertFirstAdmin(
  db: Deps['db'],
  repos: FirstAdminRepos,
  credentials: { dni: string; generated: boolean },
  passwordHash: string,
  action: 'bootstrap.admin_created' | 'cli.init',
): Promise<number | null> {
  await db.lock('bootstrap');
  if ((await repos.users.count()) > 0) return null;
  const id = await repos.users.insert({
    dni: credentials.dni,
    phone: BOOTSTRAP_ADMIN_PHONE,
    email: null,
    password_hash: passwordHash,
    role: 'admin',
    verified: true,
  });
  await repos.audit.record({
    actorUserId: null,
    actorDni: null,
    action,
    entity: 'user',
    entityId: id,
    details: { dni: maskDni(credentials.dni), generated: credentials.generated },
  });
  return id;
}

/** The one line a production server answers an empty database with (it then exits 2). */
export function emptyInProductionLine(describe: string): string {
  return `Refusing to start: ${describe} is empty (no accounts) and NODE_ENV=production, where a database is initialised only on purpose: for a new portal run \`npm run admin -- init\` once (docs/operations.md, First start); if the data was lost, restore the last backup (docs/operations.md, Backups).`;
}

/**
 * First-start work on an empty users table. In production none: an empty database is refused
 * (EmptyDatabaseRefused, one line) and initialised only by `npm run admin -- init`, so a lost
 * database or a wrong DATABASE_URL never starts afresh unnoticed. Outside production: the first
 * admin (printed once when generated, and written to `first-admin.txt` in DATA_DIR, whose path it
 * answers, so they are not lost under the build's output) and, unless SEED_DEMO=0, a small demo
 * catalogue; refused too when DATA_DIR shows the portal was used before this database existed.
 */
export async function bootstrap(
  deps: Deps,
  print: (text: string) => void = (text) => process.stdout.write(text),
): Promise<{ credentialsFile: string | null }> {
  if ((await deps.repos.users.count()) > 0) return { credentialsFile: null };
  if (deps.config.env === 'production')
    throw new EmptyDatabaseRefused(emptyInProductionLine(deps.db.describe));
  const { dataDir } = deps.config;
  await refuseEmptyDatabaseAfterUse(deps.config, deps.db, [
    jwtSecretFile(dataDir),
    firstAdminFile(dataDir),
  ]);
  const credentials = firstAdminCredentials(deps.config);
  const passwordHash = hashPasswordSync(credentials.password);
  const seedDemo = deps.config.seedDemo;
  const { activities, enrolments } = deps.repos;

  const seeded = await deps.db.transaction(async () => {
    const id = await insertFirstAdmin(
      deps.db,
      deps.repos,
      credentials,
      passwordHash,
      'bootstrap.admin_created',
    );
    if (id === null) return null;
    if (!seedDemo || (await activities.list()).length > 0 || (await enrolments.list()).length > 0)
      return { demo: false };
    const ids = new Map<string, number>();
    for (const activity of demoActivities)
      ids.set(activity.name, await activities.insert(activity));
    for (const { activities: names, ...person } of demoPeople) {
      const enrolmentId = await enrolments.insert(person);
      for (const name of names) await enrolments.addLink(enrolmentId, ids.get(name) as number);
    }
    await deps.repos.audit.record({
      actorUserId: null,
      actorDni: null,
      action: 'bootstrap.demo_seeded',
      details: { activities: demoActivities.length, enrolments: demoPeople.length },
    });
    return { demo: true };
  });
  if (!seeded) return { credentialsFile: null };
  let credentialsFile: string | null = null;
  if (credentials.generated) {
    const box = credentialsBox(credentials.dni, credentials.password);
    credentialsFile = firstAdminFile(deps.config.dataDir);
    mkdirSync(deps.config.dataDir, { recursive: true });
    writeFileSync(credentialsFile, `${box}\nDelete this file once you have logged in.\n`, {
      mode: 0o600,
    });
    print(`${box}Also saved in ${credentialsFile} (delete it once you have logged in).\n`);
  }
  deps.logger.info('first start', {
    admin: maskDni(credentials.dni),
    adminFrom: credentials.generated ? 'generated' : 'ADMIN_DNI',
    demoData: seeded.demo,
  });
  return { credentialsFile };
}
