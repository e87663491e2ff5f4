import Router from '@koa/router';
import { sql } from 'kysely';
import type { Deps } from '../deps.js';
import type { AppState } from '../http/context.js';
import { validate } from '../http/validate.js';
import { zListOutboxQuery } from '../generated/zod.gen.js';
import { notFound } from '../http/errors.js';

/** Health, the public settings and (outside production) the development outbox. */
export function systemRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  const version = process.env.npm_package_version ?? '1.0.0';

  router.get('/health', async (ctx) => {
    await sql`SELECT 1`.execute(deps.db.q());
    ctx.body = { status: 'ok', database: 'ok', version };
  });

  router.get('/config', async (ctx) => {
    ctx.body = await deps.settings.publicView();
  });

  router.get('/dev/outbox', async (ctx) => {
    if (deps.config.env === 'production') throw notFound();
    const query = validate(zListOutboxQuery, ctx.query, 'query');
    const to = query.to?.trim().replace(/^\+?34(?=\d{9}$)/, '');
    ctx.body = (await deps.repos.outbox.list(to)).map((row) => ({
      id: row.id,
      channel: row.channel,
      to: row.recipient,
      subject: row.subject,
      body: row.body,
      created_at: row.created_at,
    }));
  });

  return router;
}
