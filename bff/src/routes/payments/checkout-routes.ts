import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { PaymentsRepo } from '../../data/payments-repo.js';
import { zGeneratePaymentBody } from '../../generated/zod.gen.js';
import { requireUser } from '../../http/auth.js';
import type { AppState } from '../../http/context.js';
import { validate } from '../../http/validate.js';
import { centsToEuros } from '../../lib/money.js';
import { createCheckoutService } from '../../services/payments/checkout.js';

/** POST /payments/generate-multiple/: a pending payment and the signed Redsys form for it. */
export function checkoutRoutes(deps: Deps, payments: PaymentsRepo): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  const checkout = createCheckoutService({
    db: deps.db,
    config: deps.config,
    clock: deps.clock,
    payments,
    settings: deps.repos.config,
    audit: deps.repos.audit,
  });

  router.post('/payments/generate-multiple/', requireUser(deps), (ctx) => {
    const body = validate(zGeneratePaymentBody, ctx.request.body, 'body');
    const user = ctx.state.user!;
    const result = checkout.start({
      user: { id: user.id, dni: user.dni },
      personId: body.person_activity_id,
      activityIds: body.activity_ids,
      useDiscount: body.use_discount,
      locale: ctx.state.locale,
      ip: ctx.ip,
    });
    ctx.body = {
      action: result.action,
      fields: result.fields,
      order: result.order,
      amount: centsToEuros(result.amountCents),
    };
  });

  return router;
}
