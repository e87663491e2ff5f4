import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import {
  zCreateApplicationBody,
  zCreateApplicationHeaders,
  zWithdrawApplicationPath,
  zWithdrawApplicationQuery,
} from '../../generated/zod.gen.js';
import { requireUser } from '../../http/auth.js';
import type { AppState } from '../../http/context.js';
import { validate } from '../../http/validate.js';
import { actorOf, callOf } from '../residents/call.js';

/** A resident's applications for the people they manage. */
export function seasonResidentRoutes(deps: Pick<Deps, 'season' | 'sessions'>): Router<AppState> {
  const router = new Router<AppState>();
  const auth = requireUser(deps);
  const applications = deps.season.residents;

  router.get('/user/applications', auth, async (ctx) => {
    ctx.body = await applications.list(actorOf(ctx));
  });
  router.get('/user/quotes', auth, async (ctx) => {
    ctx.body = await deps.season.quotes(actorOf(ctx).id, ctx.state.locale);
  });
  router.post('/user/applications', auth, async (ctx) => {
    // the click's Idempotency-Key, when sent, as the contract allows it (else a 422 before
    // anything is done)
    const { 'Idempotency-Key': key } = validate(
      zCreateApplicationHeaders,
      { 'Idempotency-Key': ctx.request.headers['idempotency-key'] },
      'header',
    );
    const body = validate(zCreateApplicationBody, ctx.request.body);
    // a retry with the click's key gets the first answer again (services/idempotency.ts)
    const answer = await applications.applyOnce(actorOf(ctx), body, callOf(ctx), key);
    ctx.status = answer.status;
    ctx.body = answer.body;
  });
  router.delete('/user/applications/:id', auth, async (ctx) => {
    const { id } = validate(zWithdrawApplicationPath, ctx.params, 'path');
    const { scope } = validate(zWithdrawApplicationQuery, ctx.query, 'query');
    await applications.withdraw(actorOf(ctx), id, callOf(ctx), scope === 'joint');
    ctx.status = 204;
  });
  return router;
}
