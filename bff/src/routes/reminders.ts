import Router from '@koa/router';
import type { Deps } from '../deps.js';
import { createRateEventsRepo } from '../data/rate-events-repo.js';
import { zUnsubscribeRemindersBody } from '../generated/zod.gen.js';
import type { AppState } from '../http/context.js';
import { HttpError, tooManyRequests } from '../http/errors.js';
import { validate } from '../http/validate.js';
import { t } from '../i18n/index.js';
import { createRateLimiter } from '../services/rate-limiter.js';

/** Tries per client address per hour: a resident clicks once; guessing a MAC needs far more. */
export const UNSUBSCRIBES_PER_HOUR = 30;

/** POST /reminders/unsubscribe: the reminder e-mail's link, without logging in. */
export function remindersRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  const limiter = createRateLimiter(createRateEventsRepo(deps.db), deps.clock);

  router.post('/reminders/unsubscribe', async (ctx) => {
    const rules = [
      { bucket: `unsubscribe:ip:${ctx.ip}`, limit: UNSUBSCRIBES_PER_HOUR, windowMs: 3600_000 },
    ];
    const wait = await limiter.retryAfter(rules);
    if (wait > 0) throw tooManyRequests(wait);
    await limiter.hit(rules);
    const { token } = validate(zUnsubscribeRemindersBody, ctx.request.body);
    const userId = deps.unsubscribe.read(token);
    if (userId === null || !(await deps.repos.users.setRemindersOptOut(userId, true))) {
      throw new HttpError(404, 'invalid_unsubscribe_link');
    }
    ctx.body = { detail: t(ctx.state.locale, 'reminders_stopped'), code: 'reminders_stopped' };
  });

  return router;
}
