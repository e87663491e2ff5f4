import type { Database } from '../data/database.js';
import { migrationState } from '../data/migrations/runner.js';
import type { Logger } from '../logger.js';
import { DomainError } from './errors.js';

const notReady = () =>
  new DomainError('unavailable', 'not_ready', {
    messageKey: 'service_unavailable',
    retryAfterSeconds: 5,
  });

/**
 * Whether this process should get traffic: not while it stops, and only when the database answers
 * with every migration this build knows applied (a load balancer's health check).
 */
export function createReadiness(deps: {
  db: Database;
  logger: Logger;
  lifecycle: { stopping: boolean };
}) {
  return async function ready() {
    if (deps.lifecycle.stopping) throw notReady();
    let migrations;
    try {
      migrations = await migrationState(deps.db);
    } catch (err) {
      deps.logger.warn('readiness: database unreachable', { error: String(err) });
      throw notReady();
    }
    if (migrations.applied < migrations.expected) throw notReady();
    return { engine: deps.db.engine, migrations };
  };
}
