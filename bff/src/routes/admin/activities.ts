import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import { zActivityWrite, zListActivitiesQuery } from '../../generated/zod.gen.js';
import type { AppContext, AppState } from '../../http/context.js';
import { requireAdmin } from '../../http/auth.js';
import { validate } from '../../http/validate.js';
import { listRequest, sendList } from './list-params.js';
import { actorOf, formBody, idParam } from './form-input.js';

const REQUIRED = ['name', 'price'] as const;

/** /admin/activities-crud: the catalogue (list and create with and without the trailing slash). */
export function adminActivitiesRoutes(
  deps: Pick<Deps, 'admin' | 'config' | 'logger' | 'sessions'>,
): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  const admin = requireAdmin(deps);
  const activities = deps.admin.activities;
  const body = (ctx: AppContext) =>
    formBody(zActivityWrite, ctx.request.body, REQUIRED, { price: 'invalid_price' });

  for (const path of ['/admin/activities-crud', '/admin/activities-crud/']) {
    router.get(path, admin, async (ctx) => {
      const query = validate(zListActivitiesQuery, ctx.query, 'query');
      sendList(ctx, await activities.list(listRequest(query, { sort: 'name', order: 'asc' })));
    });
    router.post(path, admin, async (ctx) => {
      const input = body(ctx);
      ctx.status = 201;
      ctx.body = await activities.create(actorOf(ctx), input);
    });
  }

  router.put('/admin/activities-crud/:id', admin, async (ctx) => {
    const id = idParam(ctx);
    ctx.body = await activities.update(actorOf(ctx), id, body(ctx));
  });

  router.delete('/admin/activities-crud/:id', admin, async (ctx) => {
    await activities.remove(actorOf(ctx), idParam(ctx));
    ctx.status = 204;
  });

  return router;
}
