import Router from '@koa/router';
import type { Deps } from '../deps.js';
import type { AppState } from '../http/context.js';
import { validate } from '../http/validate.js';
import { zListOutboxQuery } from '../generated/zod.gen.js';
import { HttpError, notFound } from '../http/errors.js';
import { loopbackOnly } from '../http/loopback-only.js';
import { migrationState } from '../data/migrations/runner.js';

const notReady = () =>
  new HttpError(503, 'not_ready', {
    messageKey: 'service_unavailable',
    headers: { 'Retry-After': '5' },
  });

/** Liveness and readiness, the public settings and (outside production) the development outbox. */
export function systemRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  const version = process.env.npm_package_version ?? '1.0.0';

  router.get('/health', async (ctx) => {
    ctx.body = { status: 'ok', version };
  });

  router.get('/ready', async (ctx) => {
    if (deps.lifecycle.stopping) throw notReady();
    let migrations;
    try {
      migrations = await migrationState(deps.db);
    } catch (err) {
      deps.logger.warn('readiness: database unreachable', { error: String(err) });
      throw notReady();
    }
    if (migrations.applied < migrations.expected) throw notReady();
    ctx.body = { status: 'ok', database: 'ok', engine: deps.db.engine, migrations, version };
  });

  router.get('/config', async (ctx) => {
    ctx.body = await deps.settings.publicView();
  });

  router.get('/dev/outbox', loopbackOnly(deps.config.env), async (ctx) => {
    if (deps.config.env === 'production') throw notFound();
    const query = validate(zListOutboxQuery, ctx.query, 'query');
    const to = query.to?.trim().replace(/^\+?34(?=\d{9}$)/, '');
    ctx.body = (await deps.repos.outbox.list(to)).map((row) => ({
      id: row.id,
      channel: row.channel,
      to: row.recipient,
      subject: row.subject,
      body: row.body,
      sender: row.sender,
      created_at: row.created_at,
    }));
  });

  return router;
}
