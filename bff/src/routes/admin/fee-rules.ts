import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import { zUpdateFeeRulesBody } from '../../generated/zod.gen.js';
import { requireAdmin } from '../../http/auth.js';
import type { AppState } from '../../http/context.js';
import { AMOUNT_TOO_HIGH, validate } from '../../http/validate.js';
import { DomainError, invalid } from '../../services/errors.js';
import { actorOf } from './form-input.js';

/** The rules' own words for what the contract's schema refuses, by the field at fault. */
const MESSAGES: Record<string, string> = {
  from_member: 'fees_family_from_member',
  percent: 'fees_percent_invalid',
  price: 'invalid_price',
};

/** The body, with each refusal of the schema in the rules' words (loc keeps the list and index). */
function feeRulesBody(body: unknown) {
  try {
    return validate(zUpdateFeeRulesBody, body, 'body');
  } catch (err) {
    if (!(err instanceof DomainError) || !err.details.issues) throw err;
    throw invalid(
      err.details.issues.map((issue) => {
        const field = issue.loc.length === 4 ? issue.loc[3] : undefined;
        const kept = issue.type === 'missing' || issue.type === AMOUNT_TOO_HIGH;
        const msg = typeof field === 'string' && !kept ? MESSAGES[field] : null;
        return msg ? { ...issue, msg, type: msg } : issue;
      }),
    );
  }
}

/** /admin/fee-rules: the council's reductions by circumstance, family discounts, cumulative. */
export function adminFeeRulesRoutes(
  deps: Pick<Deps, 'fees' | 'config' | 'logger' | 'sessions'>,
): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  const admin = requireAdmin(deps);

  router.get('/admin/fee-rules', admin, async (ctx) => {
    ctx.body = await deps.fees.rules.get();
  });

  router.put('/admin/fee-rules', admin, async (ctx) => {
    const input = feeRulesBody(ctx.request.body);
    ctx.body = await deps.fees.rules.update(actorOf(ctx), input);
  });

  return router;
}
