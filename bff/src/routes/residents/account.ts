import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/context.js';
import { unauthorized } from '../../http/errors.js';
import { requireUser } from '../../http/auth.js';

/** The signed-in account. */
export function accountRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/user/me', requireUser(deps), async (ctx) => {
    const user = ctx.state.user ? await deps.repos.users.findById(ctx.state.user.id) : undefined;
    if (!user) throw unauthorized();
    ctx.body = {
      id: user.id,
      dni: user.dni,
      phone: user.phone,
      email: user.email,
      role: user.role,
      is_admin: user.role === 'admin',
    };
  });
  return router;
}
