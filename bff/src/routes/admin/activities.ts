import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import { zActivityWrite, zListActivitiesQuery } from '../../generated/zod.gen.js';
import type { AppContext, AppState } from '../../http/context.js';
import { requireAdmin } from '../../http/auth.js';
import { AMOUNT_TOO_HIGH, validate } from '../../http/validate.js';
import { listRequest, sendList } from './list-params.js';
import { actorOf, formBody, idParam } from './form-input.js';
import { DomainError, invalid } from '../../services/errors.js';
import { priceOf } from '../../services/fees/tariffs.js';

const REQUIRED = ['name', 'price'] as const;

/** A band's price the schema refuses (below 0) is told by the band's ages, as the service does. */
function bandPricesNamed(err: unknown, body: unknown): unknown {
  if (!(err instanceof DomainError) || !err.details.issues) return err;
  const bands = (body as { tariffs?: unknown } | null)?.tariffs;
  return invalid(
    err.details.issues.map((issue) => {
      const [, list, index, field] = issue.loc;
      const band = Array.isArray(bands) && typeof index === 'number' ? bands[index] : undefined;
      if (
        list !== 'tariffs' ||
        field !== 'price' ||
        issue.type === AMOUNT_TOO_HIGH ||
        typeof band?.min_age !== 'number'
      )
        return issue;
      const maxAge = typeof band.max_age === 'number' ? band.max_age : null;
      const [msg, params] = priceOf(band.min_age, maxAge);
      return { ...issue, msg, type: msg, params };
    }),
  );
}

/** /admin/activities-crud: the catalogue (list and create with and without the trailing slash). */
export function adminActivitiesRoutes(
  deps: Pick<Deps, 'admin' | 'config' | 'logger' | 'sessions'>,
): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  const admin = requireAdmin(deps);
  const activities = deps.admin.activities;
  const body = (ctx: AppContext) => {
    try {
      return formBody(zActivityWrite, ctx.request.body, REQUIRED, {
        price: 'invalid_price',
        age_on: 'fees_age_on_invalid',
      });
    } catch (err) {
      throw bandPricesNamed(err, ctx.request.body);
    }
  };

  for (const path of ['/admin/activities-crud', '/admin/activities-crud/']) {
    router.get(path, admin, async (ctx) => {
      const query = validate(zListActivitiesQuery, ctx.query, 'query');
      sendList(ctx, await activities.list(listRequest(query, { sort: 'name', order: 'asc' })));
    });
    router.post(path, admin, async (ctx) => {
      const input = body(ctx);
      ctx.status = 201;
      ctx.body = await activities.create(actorOf(ctx), input);
    });
  }

  router.put('/admin/activities-crud/:id', admin, async (ctx) => {
    const id = idParam(ctx);
    ctx.body = await activities.update(actorOf(ctx), id, body(ctx));
  });

  router.delete('/admin/activities-crud/:id', admin, async (ctx) => {
    await activities.remove(actorOf(ctx), idParam(ctx));
    ctx.status = 204;
  });

  return router;
}
