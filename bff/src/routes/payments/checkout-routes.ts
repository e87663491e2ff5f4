import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import { zGeneratePaymentBody } from '../../generated/zod.gen.js';
import { requireUser } from '../../http/auth.js';
import type { AppState } from '../../http/context.js';
import { limitCalls } from '../../http/rate-limit.js';
import { validate } from '../../http/validate.js';
import { centsToEuros } from '../../lib/money.js';
import { DomainError } from '../../services/errors.js';

/** Each call stores a payment and burns an order number: a person paying needs a handful, not hundreds. */
export const GENERATE_LIMIT = { limit: 20, windowMs: 10 * 60_000 };

/** POST /payments/generate-multiple/: a pending payment and the signed Redsys form for it. */
export function checkoutRoutes(
  deps: Pick<Deps, 'limiter' | 'metrics' | 'payments' | 'sessions'>,
): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  const limit = limitCalls(deps.limiter, (ctx) => [
    { bucket: `payment-generate:user:${ctx.state.user?.id}`, ...GENERATE_LIMIT },
  ]);

  router.post('/payments/generate-multiple/', requireUser(deps), limit, async (ctx) => {
    const user = ctx.state.user!;
    const body = validate(zGeneratePaymentBody, ctx.request.body, 'body');
    // one person (person_activity_id) or the family (people), exactly one of the two
    if ((body.person_activity_id === undefined) === (body.people === undefined))
      throw new DomainError('invalid', 'payment_one_form');
    const people = body.people?.map((one) => ({
      personId: one.person_activity_id,
      activityIds: one.activity_ids ?? [],
      parts: one.parts ?? [],
    })) ?? [
      {
        personId: body.person_activity_id!,
        activityIds: body.activity_ids ?? [],
        parts: body.parts ?? [],
      },
    ];
    const result = await deps.payments.checkout.start({
      user: { id: user.id, dni: user.dni },
      people,
      familyDifferences: body.family_differences ?? [],
      useDiscount: body.use_discount,
      payMethod: body.pay_method ?? 'card',
      locale: ctx.state.locale,
      ip: ctx.ip,
    });
    deps.metrics.payments.inc({ outcome: 'created' });
    if (result.superseded > 0)
      deps.metrics.payments.inc({ outcome: 'superseded' }, result.superseded);
    ctx.body = {
      action: result.action,
      fields: result.fields,
      order: result.order,
      amount: centsToEuros(result.amountCents),
    };
  });

  return router;
}
