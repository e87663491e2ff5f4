import Router from '@koa/router';
import type { Deps } from '../deps.js';
import { zCreateRemittanceBody, zDomicileFeeBody, zSignMandateBody } from '../generated/zod.gen.js';
import { requireAdmin, requireUser } from '../http/auth.js';
import type { AppState } from '../http/context.js';
import { validate } from '../http/validate.js';
import { idParam } from './admin/form-input.js';
import { actorOf } from './residents/call.js';

/** Direct debit: residents' mandates and domiciled fees, staff's remittances (issue 62). */
export function directDebitRoutes(
  deps: Pick<Deps, 'directDebit' | 'sessions' | 'config' | 'logger'>,
): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  const auth = requireUser(deps);
  const admin = requireAdmin(deps);
  const { mandates, debits, remittances } = deps.directDebit;

  router.post('/user/mandates', auth, async (ctx) => {
    const input = validate(zSignMandateBody, ctx.request.body);
    ctx.status = 201;
    ctx.body = await mandates.sign(actorOf(ctx), input, { locale: ctx.state.locale, ip: ctx.ip });
  });
  router.get('/user/mandates', auth, async (ctx) => {
    ctx.body = await mandates.list(actorOf(ctx));
  });
  router.delete('/user/mandates/:id', auth, async (ctx) => {
    await mandates.cancel(actorOf(ctx), idParam(ctx), ctx.ip);
    ctx.status = 204;
  });
  router.post('/user/direct-debits', auth, async (ctx) => {
    const input = validate(zDomicileFeeBody, ctx.request.body);
    ctx.status = 201;
    ctx.body = await debits.domicile(actorOf(ctx), input, { locale: ctx.state.locale, ip: ctx.ip });
  });
  router.get('/user/direct-debits', auth, async (ctx) => {
    ctx.body = await debits.list(actorOf(ctx), ctx.state.locale);
  });
  router.delete('/user/direct-debits/:id', auth, async (ctx) => {
    await debits.undomicile(actorOf(ctx), idParam(ctx), ctx.ip);
    ctx.status = 204;
  });

  router.post('/admin/remittances', admin, async (ctx) => {
    const { collection_date } = validate(zCreateRemittanceBody, ctx.request.body);
    ctx.status = 201;
    ctx.body = await remittances.create(actorOf(ctx), collection_date, ctx.ip);
  });
  router.get('/admin/remittances', admin, async (ctx) => {
    ctx.body = await remittances.list();
  });
  router.get('/admin/remittances/:id/file', admin, async (ctx) => {
    const file = await remittances.file(actorOf(ctx), idParam(ctx), ctx.ip);
    ctx.set('Content-Disposition', `attachment; filename="${file.name}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'application/xml';
    ctx.body = file.xml;
  });
  return router;
}
