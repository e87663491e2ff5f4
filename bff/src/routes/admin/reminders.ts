import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/context.js';
import { requireAdmin } from '../../http/auth.js';
import { actorOf } from './form-input.js';

/** Staff's view of the payment reminders, and "send today's reminders now". */
export function adminRemindersRoutes(
  deps: Pick<Deps, 'config' | 'logger' | 'reminders' | 'sessions'>,
): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  const admin = requireAdmin(deps);

  router.get('/admin/reminders', admin, async (ctx) => {
    ctx.body = await deps.reminders.summary();
  });

  router.post('/admin/reminders/run', admin, async (ctx) => {
    ctx.body = await deps.reminders.runNow(actorOf(ctx));
  });

  return router;
}
