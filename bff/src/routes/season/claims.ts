import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import {
  zCreateClaimBody,
  zCreateClaimPath,
  zGetProvisionalListPath,
  zResolveClaimBody,
} from '../../generated/zod.gen.js';
import { requireAdmin, requireUser } from '../../http/auth.js';
import type { AppState } from '../../http/context.js';
import { validate } from '../../http/validate.js';
import { actorOf as staffActorOf, idParam } from '../admin/form-input.js';
import { actorOf, callOf } from '../residents/call.js';

/** The provisional list (public), residents' claims, and staff's answers. */
export function seasonClaimsRoutes(
  deps: Pick<Deps, 'season' | 'sessions' | 'config' | 'logger'>,
): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  const claims = deps.season.claims;
  const user = requireUser(deps);
  const admin = requireAdmin(deps);

  router.get('/draws/:activity_id/provisional', async (ctx) => {
    const { activity_id } = validate(zGetProvisionalListPath, ctx.params, 'path');
    ctx.body = await claims.publicList(activity_id);
  });
  router.get('/user/claims', user, async (ctx) => {
    ctx.body = await claims.mine(actorOf(ctx));
  });
  router.post('/user/applications/:id/claim', user, async (ctx) => {
    const { id } = validate(zCreateClaimPath, ctx.params, 'path');
    const body = validate(zCreateClaimBody, ctx.request.body);
    ctx.status = 201;
    ctx.body = await claims.claim(actorOf(ctx), id, body, callOf(ctx));
  });
  router.get('/admin/activities/:id/claims', admin, async (ctx) => {
    ctx.body = await claims.ofActivity(idParam(ctx));
  });
  router.post('/admin/claims/:id/resolve', admin, async (ctx) => {
    const id = idParam(ctx);
    const body = validate(zResolveClaimBody, ctx.request.body);
    ctx.body = await claims.resolve(staffActorOf(ctx), id, body);
  });
  return router;
}
