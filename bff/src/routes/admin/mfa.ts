import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import { zConfirmMfaBody, zSetupMfaBody } from '../../generated/zod.gen.js';
import type { AppState } from '../../http/context.js';
import { requireAdmin } from '../../http/auth.js';
import { validate } from '../../http/validate.js';
import { actorOf, idParam } from './form-input.js';

/** An administrator's second factor: its state, setting it up, and resetting another's. */
export function adminMfaRoutes(
  deps: Pick<Deps, 'config' | 'logger' | 'mfa' | 'sessions'>,
): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  // what an administrator without a second factor may do when one is required
  const settingUp = requireAdmin(deps, { withoutMfa: true });

  router.get('/admin/mfa', settingUp, async (ctx) => {
    ctx.body = await deps.mfa.status(actorOf(ctx).id);
  });

  router.post('/admin/mfa/setup', settingUp, async (ctx) => {
    const { password } = validate(zSetupMfaBody, ctx.request.body);
    const actor = actorOf(ctx);
    ctx.body = await deps.mfa.setup(actor.id, password, actor.ip);
  });

  router.post('/admin/mfa/confirm', settingUp, async (ctx) => {
    const { code } = validate(zConfirmMfaBody, ctx.request.body);
    const actor = actorOf(ctx);
    const confirmed = await deps.mfa.confirm(actor.id, code, actor.ip);
    ctx.body = { ...confirmed, token_type: 'bearer' };
  });

  router.delete('/admin/users/:id/mfa', requireAdmin(deps), async (ctx) => {
    await deps.mfa.reset(actorOf(ctx), idParam(ctx));
    ctx.status = 204;
  });

  return router;
}
