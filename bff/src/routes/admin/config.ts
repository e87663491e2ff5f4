import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import { zConfigUpdate } from '../../generated/zod.gen.js';
import type { AppState } from '../../http/context.js';
import { requireAdmin } from '../../http/auth.js';
import { actorOf, formBody } from './form-input.js';

const REQUIRED = ['maintenance_mode', 'payments_enabled', 'global_discount'] as const;

/** /admin/config and /admin/config/: the global settings (both spellings, as the web app uses both). */
export function adminConfigRoutes(
  deps: Pick<Deps, 'admin' | 'config' | 'logger' | 'sessions'>,
): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  const admin = requireAdmin(deps);
  const settings = deps.admin.settings;

  for (const path of ['/admin/config', '/admin/config/']) {
    router.get(path, admin, async (ctx) => {
      ctx.body = await settings.current();
    });
    router.put(path, admin, async (ctx) => {
      const input = formBody(zConfigUpdate, ctx.request.body, REQUIRED, {
        global_discount: 'global_discount_out_of_range',
        reminder_days: 'reminder_days_invalid',
        reminder_channel: 'reminder_channel_invalid',
        reminders_enabled: 'reminders_enabled_invalid',
        joint_fit: 'joint_fit_invalid',
        bizum_enabled: 'bizum_enabled_invalid',
        direct_debit_notice_days: 'direct_debit_notice_days_invalid',
        direct_debit_return_fee: 'direct_debit_return_fee_invalid',
      });
      ctx.body = await settings.update(actorOf(ctx), input);
    });
  }

  return router;
}
