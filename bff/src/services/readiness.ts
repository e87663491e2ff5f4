import type { Database } from '../data/database.js';
import { migrationState } from '../data/migrations/runner.js';
import type { Logger } from '../logger.js';
import { databaseUnavailable, type DatabaseWatch } from './database-watch.js';
import { DomainError } from './errors.js';

const notReady = () =>
  new DomainError('unavailable', 'not_ready', {
    messageKey: 'service_unavailable',
    retryAfterSeconds: 5,
  });

/**
 * Whether this process should get traffic (a load balancer's health check): not while it stops
 * nor while a fresh process warms its hot paths up (http/warm-up.ts);
 * not while its database cannot be reached or written, or its SQLite file was deleted or replaced
 * (503 database_unavailable, as every other call then answers); and only with every migration
 * this build knows applied.
 */
export function createReadiness(deps: {
  db: Database;
  logger: Logger;
  lifecycle: { stopping: boolean; warming: boolean };
  databaseWatch: DatabaseWatch;
}) {
  return async function ready() {
    if (deps.lifecycle.stopping || deps.lifecycle.warming) throw notReady();
    // the watch logs what it finds, once, when it changes
    if (await deps.databaseWatch.check()) throw databaseUnavailable();
    let migrations;
    try {
      migrations = await migrationState(deps.db);
    } catch (err) {
      deps.logger.warn('readiness: database unreachable', { error: String(err) });
      throw databaseUnavailable();
    }
    if (migrations.applied < migrations.expected) throw notReady();
    return { engine: deps.db.engine, migrations };
  };
}
