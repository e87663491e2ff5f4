import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import {
  zEnterDrawPublicValueBody,
  zListActivityApplicationsQuery,
  zMarkPersonsDifferentBody,
  zMergePersonsBody,
  zStaffCreateApplicationBody,
} from '../../generated/zod.gen.js';
import { requireAdmin } from '../../http/auth.js';
import type { AppState } from '../../http/context.js';
import { validate } from '../../http/validate.js';
import { actorOf, idParam } from '../admin/form-input.js';
import { listRequest, sendList } from '../admin/list-params.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Staff's "Plazas y sorteos": where each activity stands, its applications, the draw. */
export function seasonStaffRoutes(
  deps: Pick<Deps, 'season' | 'config' | 'logger' | 'sessions'>,
): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  const admin = requireAdmin(deps);
  const season = deps.season.staff;

  router.get('/admin/season', admin, async (ctx) => {
    ctx.body = await season.summaries();
  });
  router.get('/admin/activities/:id/applications', admin, async (ctx) => {
    const id = idParam(ctx);
    const query = validate(zListActivityApplicationsQuery, ctx.query, 'query');
    const request = listRequest(query, { sort: 'queue', order: 'asc' });
    sendList(ctx, await season.list(id, request, query.status ?? null));
  });
  router.post('/admin/activities/:id/applications', admin, async (ctx) => {
    const id = idParam(ctx);
    const body = validate(zStaffCreateApplicationBody, ctx.request.body);
    ctx.status = 201;
    ctx.body = await deps.season.staffApply.apply(actorOf(ctx), id, body);
  });
  router.post('/admin/applications/:id/offer', admin, async (ctx) => {
    await deps.season.staffApply.offer(actorOf(ctx), idParam(ctx));
    ctx.status = 204;
  });
  router.get('/admin/activities/:id/applications/summary', admin, async (ctx) => {
    ctx.body = await season.summary(idParam(ctx));
  });
  router.get('/admin/activities/:id/applications/export', admin, async (ctx) => {
    const { name, file } = await season.export(idParam(ctx));
    ctx.type = XLSX;
    ctx.set('Content-Disposition', `attachment; filename="${name}"`);
    ctx.body = file;
  });
  router.post('/admin/activities/:id/draw', admin, async (ctx) => {
    ctx.body = await season.draw(idParam(ctx), actorOf(ctx));
  });
  router.post('/admin/activities/:id/public-value', admin, async (ctx) => {
    const body = validate(zEnterDrawPublicValueBody, ctx.request.body ?? {});
    const actor = actorOf(ctx);
    ctx.body = await deps.season.draws.enterPublicValue(idParam(ctx), body.value, {
      userId: actor.id,
      dni: actor.dni,
      ip: actor.ip,
    });
  });
  router.get('/admin/activities/:id/duplicates', admin, async (ctx) => {
    ctx.body = await season.duplicates(idParam(ctx));
  });
  router.post('/admin/persons/merge', admin, async (ctx) => {
    const body = validate(zMergePersonsBody, ctx.request.body);
    ctx.body = await season.merge(actorOf(ctx), body);
  });
  router.post('/admin/persons/different', admin, async (ctx) => {
    const body = validate(zMarkPersonsDifferentBody, ctx.request.body);
    await season.different(actorOf(ctx), body);
    ctx.status = 204;
  });
  router.post('/admin/applications/:id/withdraw', admin, async (ctx) => {
    await season.withdraw(idParam(ctx), actorOf(ctx));
    ctx.status = 204;
  });
  return router;
}
