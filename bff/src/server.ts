import { createServer, type Server } from 'node:http';
import { loadConfig, ConfigError, modeLine, type Config } from './config.js';
import { openDatabase } from './data/open-database.js';
import { createDeps } from './deps.js';
import { openDeployment } from './councils/deployment.js';
import { buildApp } from './app.js';
import { createLogger, type Logger } from './logger.js';
import { bootstrap } from './services/bootstrap.js';
import { EmptyDatabaseRefused } from './services/earlier-use.js';

/** How long requests in flight may take to finish after SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      for (const problem of err.problems) process.stderr.write(`Configuration error: ${problem}\n`);
      process.exit(2);
    }
    throw err;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  if (config.councilsDir !== null) return serveCouncils(config, logger);
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  const deps = createDeps({ config, db, logger });
  deps.passwords.start();
  const { credentialsFile } = await bootstrap(deps).catch(async (err: unknown) => {
    if (!(err instanceof EmptyDatabaseRefused)) throw err;
    process.stderr.write(`${err.message}\n`);
    await deps.passwords.close();
    await db.close();
    process.exit(2);
  });
  const app = buildApp(deps);
  for (const warning of config.warnings) logger.warn(warning);
  const server = app.listen(config.port, config.host, LISTEN_BACKLOG, () => {
    const credentials = credentialsFile
      ? `; the first administrator's credentials are in ${credentialsFile}`
      : '';
    logger.info(`portal listening: ${modeLine(config)}${credentials}`, {
      url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`,
      database: db.describe,
      env: config.env,
      pid: process.pid,
    });
  });
  deps.jobs.start();
  deps.databaseWatch.start();
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;
  server.keepAliveTimeout = 5_000;
  onShutdownSignal(server, logger, deps.lifecycle, async () => {
    deps.databaseWatch.stop();
    await deps.jobs.stop();
    await deps.passwords.close();
    await db.close();
  });
}

/**
 * COUNCILS_DIR: every council of the folder in this one process, each by its host names
 * (councils/deployment.ts). A council that cannot be opened is refused (its hosts answer 503) and
 * the others are served; with none to serve, the process stops (exit 2).
 */
async function serveCouncils(config: Config, logger: Logger): Promise<void> {
  const deployment = await openDeployment({ config, logger });
  const served = deployment.councils.filter((council) => council.state === 'serving');
  if (served.length === 0) {
    process.stderr.write(
      `No council can be served from COUNCILS_DIR (${config.councilsDir}): ${deployment.councils.length} found, every one refused (see the lines above)\n`,
    );
    await deployment.close();
    process.exit(2);
  }
  for (const warning of config.warnings) logger.warn(warning);
  const server = createServer(deployment.handle);
  server.listen(config.port, config.host, LISTEN_BACKLOG, () => {
    logger.info(`portal listening: ${modeLine(config)}`, {
      url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`,
      councils: served.map((council) => council.id),
      refused: deployment.councils
        .filter((council) => council.state === 'refused')
        .map((council) => council.id),
      env: config.env,
      pid: process.pid,
    });
  });
  deployment.start();
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;
  server.keepAliveTimeout = 5_000;
  let stopping = false;
  const lifecycle = {
    get stopping() {
      return stopping;
    },
    set stopping(value: boolean) {
      stopping = value;
      // every council's /ready answers 503 from now on, so traffic moves elsewhere
      for (const council of served) council.deps.lifecycle.stopping = value;
    },
  };
  onShutdownSignal(server, logger, lifecycle, () => deployment.close());
}

/**
 * Connections the kernel may hold for us before we accept them (it caps this at
 * net.core.somaxconn). At 9:00 thousands of residents connect within a second; with Node's 511,
 * the rest's connection attempts were dropped and their browsers tried again after 1, 3, 7 and 15
 * seconds (bench/opening-day.mjs: calls waiting 15–36 s). Accepted, a call is answered at once,
 * if need be with 503 and Retry-After (http/load-shedding.ts).
 */
const LISTEN_BACKLOG = 4096;

/**
 * SIGTERM (a supervisor, `docker stop`, a rolling deploy) or SIGINT: stop accepting connections,
 * let the requests in flight finish (idle keep-alive connections are closed at once), then
 * release the database and exit 0. After SHUTDOWN_GRACE_MS the process exits anyway.
 */
function onShutdownSignal(
  server: Server,
  logger: Logger,
  lifecycle: { stopping: boolean },
  release: () => Promise<void>,
): void {
  const shutdown = (signal: string) => {
    if (lifecycle.stopping) return;
    lifecycle.stopping = true;
    logger.info('shutting down', { signal });
    setTimeout(() => {
      logger.warn('requests still running at the end of the grace period; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    // a keep-alive connection goes as soon as its last answer is sent
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    server.close(() => {
      clearInterval(sweep);
      release()
        .then(() => process.exit(0))
        .catch((err: unknown) => {
          logger.error('shutdown failed', { error: String(err) });
          process.exit(1);
        });
    });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

await main();
