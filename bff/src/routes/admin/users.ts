import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import { zCreateUserBody, zListUsersQuery, zUpdateUserBody } from '../../generated/zod.gen.js';
import type { AppState } from '../../http/context.js';
import { requireAdmin } from '../../http/auth.js';
import { validate } from '../../http/validate.js';
import { listRequest, sendList } from './list-params.js';
import { actorOf, formBody, idParam } from './form-input.js';

/** /admin/users/: accounts. */
export function adminUsersRoutes(
  deps: Pick<Deps, 'admin' | 'config' | 'logger' | 'sessions'>,
): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  const admin = requireAdmin(deps);
  const users = deps.admin.users;

  router.get('/admin/users/', admin, async (ctx) => {
    const query = validate(zListUsersQuery, ctx.query, 'query');
    sendList(ctx, await users.list(listRequest(query, { sort: 'created_at', order: 'desc' })));
  });

  router.post('/admin/users/', admin, async (ctx) => {
    const body = formBody(zCreateUserBody, ctx.request.body, ['dni', 'phone', 'password']);
    ctx.status = 201;
    ctx.body = await users.create(actorOf(ctx), body);
  });

  router.put('/admin/users/:id', admin, async (ctx) => {
    const id = idParam(ctx);
    const body = formBody(zUpdateUserBody, ctx.request.body, ['dni', 'phone']);
    ctx.body = await users.update(actorOf(ctx), id, body);
  });

  router.post('/admin/users/:id/release', admin, async (ctx) => {
    await users.release(actorOf(ctx), idParam(ctx));
    ctx.status = 204;
  });

  router.delete('/admin/users/:id', admin, async (ctx) => {
    await users.remove(actorOf(ctx), idParam(ctx));
    ctx.status = 204;
  });

  return router;
}
