import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import { createActivitiesRepo } from '../../data/activities-repo.js';
import { createEnrolmentsRepo } from '../../data/enrolments-repo.js';
import { zEnrolmentWrite } from '../../generated/zod.gen.js';
import type { AppContext, AppState } from '../../http/context.js';
import { requireAdmin } from '../../http/auth.js';
import { createAdminEnrolmentsService } from '../../services/admin/enrolments-service.js';
import { actorOf, formBody, idParam } from './form-input.js';

const REQUIRED = ['first_name', 'last_name', 'dni', 'phone'] as const;

/** /admin/person-activities/: people enrolled in activities. */
export function adminEnrolmentsRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  const admin = requireAdmin(deps);
  const enrolments = createAdminEnrolmentsService({
    db: deps.db,
    enrolments: createEnrolmentsRepo(deps.db),
    activities: createActivitiesRepo(deps.db),
    audit: deps.repos.audit,
  });
  const body = (ctx: AppContext) => formBody(zEnrolmentWrite, ctx.request.body, REQUIRED);

  router.get('/admin/person-activities/', admin, (ctx) => {
    ctx.body = enrolments.list();
  });

  router.post('/admin/person-activities/', admin, (ctx) => {
    const input = body(ctx);
    ctx.status = 201;
    ctx.body = enrolments.create(actorOf(ctx), input);
  });

  router.put('/admin/person-activities/:id', admin, (ctx) => {
    const id = idParam(ctx);
    ctx.body = enrolments.update(actorOf(ctx), id, body(ctx));
  });

  router.delete('/admin/person-activities/:id', admin, (ctx) => {
    enrolments.remove(actorOf(ctx), idParam(ctx));
    ctx.status = 204;
  });

  return router;
}
