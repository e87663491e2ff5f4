import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import { zEnrolmentWrite, zListEnrolmentsQuery } from '../../generated/zod.gen.js';
import type { AppContext, AppState } from '../../http/context.js';
import { requireAdmin } from '../../http/auth.js';
import { validate } from '../../http/validate.js';
import { localisedWarnings } from '../../http/warnings.js';
import { listRequest, sendList } from './list-params.js';
import { actorOf, formBody, idParam } from './form-input.js';

// the DNI may stay empty when editing a person who has none (the service decides)
const REQUIRED_TO_EDIT = ['first_name', 'last_name', 'phone'] as const;
const REQUIRED_TO_CREATE = [...REQUIRED_TO_EDIT, 'dni'] as const;

/** /admin/person-activities/: people enrolled in activities. */
export function adminEnrolmentsRoutes(
  deps: Pick<Deps, 'admin' | 'config' | 'logger' | 'sessions'>,
): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  const admin = requireAdmin(deps);
  const enrolments = deps.admin.enrolments;
  const body = (ctx: AppContext, required: readonly string[]) =>
    formBody(zEnrolmentWrite, ctx.request.body, required, {
      // not a date, or not a real one (2026-02-30): the same words as a date in the future
      birth_date: 'invalid_birth_date',
    });

  router.get('/admin/person-activities/', admin, async (ctx) => {
    const query = validate(zListEnrolmentsQuery, ctx.query, 'query');
    sendList(ctx, await enrolments.list(listRequest(query, { sort: 'last_name', order: 'asc' })));
  });

  router.post('/admin/person-activities/', admin, async (ctx) => {
    const saved = await enrolments.create(actorOf(ctx), body(ctx, REQUIRED_TO_CREATE));
    ctx.status = 201;
    ctx.body = { ...saved, warnings: localisedWarnings(ctx.state.locale, saved.warnings) };
  });

  router.put('/admin/person-activities/:id', admin, async (ctx) => {
    const id = idParam(ctx);
    const saved = await enrolments.update(actorOf(ctx), id, body(ctx, REQUIRED_TO_EDIT));
    ctx.body = { ...saved, warnings: localisedWarnings(ctx.state.locale, saved.warnings) };
  });

  router.delete('/admin/person-activities/:id', admin, async (ctx) => {
    await enrolments.remove(actorOf(ctx), idParam(ctx));
    ctx.status = 204;
  });

  return router;
}
