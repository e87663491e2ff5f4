import type { IncomingMessage, ServerResponse } from 'node:http';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import type { Database } from '../data/database.js';
import { openDatabase } from '../data/open-database.js';
import { createDeps, type Deps } from '../deps.js';
import type { Clock } from '../lib/clock.js';
import { withFields, type Logger } from '../logger.js';
import { bootstrap } from '../services/bootstrap.js';
import { EmptyDatabaseRefused } from '../services/earlier-use.js';
import { createPasswords, type Passwords } from '../services/passwords.js';
import { councilConfig } from './council-config.js';
import { ensureCouncilDatabase } from './council-database.js';
import { readCouncilFolders, type CouncilFolder } from './council-folders.js';
import { deploymentMetrics } from './deployment-metrics.js';
import { hostDispatch } from './host-dispatch.js';

type Env = Record<string, string | undefined>;

/** A council the deployment serves: its own database, services and app. */
export interface ServedCouncil {
  id: string;
  hosts: string[];
  state: 'serving';
  deps: Deps;
  handle: (req: IncomingMessage, res: ServerResponse) => void;
}

/** A council the deployment refused at start (its folder, its database or its migrations): its hosts answer 503. */
export interface RefusedCouncil {
  id: string;
  hosts: string[];
  state: 'refused';
  problems: string[];
}

export type DeploymentCouncil = ServedCouncil | RefusedCouncil;

export interface Deployment {
  councils: DeploymentCouncil[];
  /** Serves a request with the app of the council its host names (host-dispatch.ts). */
  handle: (req: IncomingMessage, res: ServerResponse) => void;
  /** Starts every served council's jobs and database watch. */
  start(): void;
  /** Stops the jobs, closes the password threads and every council's database. */
  close(): Promise<void>;
}

/**
 * One process serving every council of COUNCILS_DIR, each exactly as if it ran alone: opened in
 * turn (its database, created if missing outside production, and its migrations, one council at
 * a time so a migration never competes with another's), its first administrator outside
 * production (bootstrap, as for one council), its own services (createDeps) and app (buildApp),
 * with a logger naming it on every line. A council that cannot be opened is refused, logged, and
 * its hosts answer 503; the others start as usual. The password threads are one pool for all.
 */
export async function openDeployment(options: {
  config: Config;
  logger: Logger;
  env?: Env;
  clock?: Clock;
  /** Where first-administrator boxes are printed (stdout). */
  print?: (text: string) => void;
}): Promise<Deployment> {
  const { config: base, logger } = options;
  if (base.councilsDir === null) throw new Error('openDeployment needs COUNCILS_DIR');
  const passwords = createPasswords({ maxWaiting: base.shedding.passwordsWaiting });
  passwords.start();
  const councils: DeploymentCouncil[] = [];
  for (const folder of readCouncilFolders(base.councilsDir)) {
    const council = await openCouncil(folder, { ...options, passwords });
    if (council.state === 'refused') {
      for (const problem of council.problems)
        logger.error('council refused', { council: council.id, problem });
    } else {
      const { redsys, env } = council.deps.config;
      council.deps.logger.info('council ready', {
        hosts: council.hosts,
        database: council.deps.db.describe,
        payments: redsys.sandbox ? 'sandbox' : `Redsys ${redsys.merchantCode}`,
      });
      if (redsys.sandbox && env === 'production') {
        council.deps.logger.warn(
          'the sandbox gateway takes fake card payments in production (ALLOW_SANDBOX_PAYMENTS=true): anyone can mark an order paid; use it only on a closed staging site',
        );
      }
    }
    councils.push(council);
  }
  const served = councils.filter((c): c is ServedCouncil => c.state === 'serving');
  const metrics = deploymentMetrics(
    base,
    served.map((c) => c.deps.metrics.registry),
  );
  return {
    councils,
    handle: hostDispatch({ councils, trustProxy: base.trustProxy, metrics }),
    start() {
      for (const { deps } of served) {
        deps.jobs.start();
        deps.databaseWatch.start();
      }
    },
    async close() {
      for (const { deps } of served) {
        deps.lifecycle.stopping = true;
        deps.databaseWatch.stop();
      }
      await Promise.all(served.map(({ deps }) => deps.jobs.stop()));
      await passwords.close();
      await Promise.all(served.map(({ deps }) => deps.db.close()));
    },
  };
}

async function openCouncil(
  folder: CouncilFolder,
  options: {
    config: Config;
    logger: Logger;
    env?: Env;
    clock?: Clock;
    print?: (text: string) => void;
    passwords: Passwords;
  },
): Promise<DeploymentCouncil> {
  const { id, hosts } = folder;
  const refused = (problems: string[]): RefusedCouncil => ({
    id,
    hosts,
    state: 'refused',
    problems,
  });
  const made = councilConfig(options.config, folder, options.env);
  if (made.config === null) return refused(made.problems);
  const config = made.config;
  const production = config.env === 'production';
  let db: Database | null = null;
  try {
    if (config.databaseUrl !== null && options.config.databaseUrl !== null) {
      const found = await ensureCouncilDatabase(options.config.databaseUrl, id, !production);
      if (found === 'missing') {
        return refused([
          `council "${id}": its database does not exist; create it with \`npm run admin -- councils add ${id}\``,
        ]);
      }
    }
    db = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
    });
    const deps = createDeps({
      config,
      db,
      logger: withFields(options.logger, { council: id }),
      ...(options.clock ? { clock: options.clock } : {}),
      councilId: id,
      passwords: options.passwords,
    });
    await bootstrap(deps, options.print);
    const app = buildApp(deps);
    return { id, hosts, state: 'serving', deps, handle: app.callback() };
  } catch (err) {
    await db?.close().catch(() => {});
    if (err instanceof EmptyDatabaseRefused) {
      // production: an empty database is initialised on purpose only, never by a start
      return refused([
        `council "${id}": its database (${db?.describe ?? id}) is empty (no accounts) and NODE_ENV=production: give it its first administrator with \`npm run admin -- create --council ${id} …\`, or restore its last backup`,
      ]);
    }
    return refused([`council "${id}": ${err instanceof Error ? err.message : String(err)}`]);
  }
}
