import Router from '@koa/router';
import type { Deps } from '../deps.js';
import type { AppState } from '../http/context.js';
import { validate } from '../http/validate.js';
import { zListOutboxQuery } from '../generated/zod.gen.js';
import { notFound } from '../services/errors.js';
import { loopbackOnly } from '../http/loopback-only.js';

/** Liveness and readiness, the public settings and (outside production) the development outbox. */
export function systemRoutes(
  deps: Pick<Deps, 'config' | 'devOutbox' | 'readiness' | 'settings'>,
): Router<AppState> {
  const router = new Router<AppState>();
  const version = process.env.npm_package_version ?? '1.0.0';

  router.get('/health', async (ctx) => {
    ctx.body = { status: 'ok', version };
  });

  router.get('/ready', async (ctx) => {
    const { engine, migrations } = await deps.readiness();
    ctx.body = { status: 'ok', database: 'ok', engine, migrations, version };
  });

  router.get('/config', async (ctx) => {
    ctx.body = await deps.settings.publicView();
  });

  router.get('/dev/outbox', loopbackOnly(deps.config.env), async (ctx) => {
    if (deps.config.env === 'production') throw notFound();
    const query = validate(zListOutboxQuery, ctx.query, 'query');
    ctx.body = await deps.devOutbox.list(query.to);
  });

  return router;
}
