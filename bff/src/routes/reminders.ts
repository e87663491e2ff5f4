import Router from '@koa/router';
import type { Deps } from '../deps.js';
import { zUnsubscribeRemindersBody } from '../generated/zod.gen.js';
import type { AppState } from '../http/context.js';
import { addressKey } from '../lib/client-address.js';
import { limitCalls } from '../http/rate-limit.js';
import { readBody } from '../http/read-body.js';
import { validate } from '../http/validate.js';
import { t } from '../i18n/index.js';

/** Tries per client address per hour: a resident clicks once; guessing a MAC needs far more. */
export const UNSUBSCRIBES_PER_HOUR = 30;

/** POST /reminders/unsubscribe: the reminder e-mail's link, without logging in. */
export function remindersRoutes(deps: Pick<Deps, 'limiter' | 'reminders'>): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  const limit = limitCalls(deps.limiter, (ctx) => [
    {
      bucket: `unsubscribe:ip:${addressKey(ctx.ip)}`,
      limit: UNSUBSCRIBES_PER_HOUR,
      windowMs: 3600_000,
    },
  ]);

  router.post('/reminders/unsubscribe', limit, readBody, async (ctx) => {
    const { token } = validate(zUnsubscribeRemindersBody, ctx.request.body);
    await deps.reminders.unsubscribe(token);
    ctx.body = { detail: t(ctx.state.locale, 'reminders_stopped'), code: 'reminders_stopped' };
  });

  return router;
}
