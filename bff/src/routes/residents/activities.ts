import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import { zListPersonActivitiesPath } from '../../generated/zod.gen.js';
import { requireUser } from '../../http/auth.js';
import type { AppState } from '../../http/context.js';
import { validate } from '../../http/validate.js';
import type { PersonsService } from '../../services/residents/persons.js';
import { actorOf } from './call.js';

/** A managed person's activities with the amounts the payment will charge. */
export function activitiesRoutes(
  deps: Pick<Deps, 'sessions'>,
  persons: PersonsService,
): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/user/activities/:person_activity_id', requireUser(deps), async (ctx) => {
    const { person_activity_id } = validate(zListPersonActivitiesPath, ctx.params, 'path');
    ctx.body = await persons.activities(actorOf(ctx), person_activity_id, ctx.state.locale);
  });
  return router;
}
