import { loadConfig, ConfigError } from './config.js';
import { openDatabase } from './data/db.js';
import { createDeps } from './deps.js';
import { buildApp } from './app.js';
import { createLogger } from './logger.js';
import { bootstrap } from './services/bootstrap.js';

function main(): void {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      for (const problem of err.problems) process.stderr.write(`Configuration error: ${problem}\n`);
      process.exit(2);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  const db = openDatabase(config.dataDir);
  const deps = createDeps({ config, db, logger });
  bootstrap(deps);
  const app = buildApp(deps);
  const server = app.listen(config.port, config.host, () => {
    logger.info('portal listening', {
      url: `http://localhost:${config.port}`,
      dataDir: config.dataDir,
      env: config.env,
    });
  });
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;
  server.keepAliveTimeout = 5_000;

  const shutdown = (signal: string) => {
    logger.info('shutting down', { signal });
    server.close(() => {
      db.close();
      process.exit(0);
    });
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main();
