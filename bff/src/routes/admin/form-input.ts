import type * as z from 'zod';
import { zUpdateUserPath as zIdParams } from '../../generated/zod.gen.js';
import type { AppContext } from '../../http/context.js';
import { DomainError, invalid, type ValidationIssue } from '../../services/errors.js';
import { AMOUNT_TOO_HIGH, validate } from '../../http/validate.js';
import type { Actor } from '../../services/admin/audit-trail.js';

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * An admin form body: first the spec's "complete all required fields" for any blank required
 * field, then the contract's schema, with the form's own message for fields listed in `messages`.
 */
export function formBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  required: readonly string[],
  messages: Record<string, string> = {},
): z.output<S> {
  const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const missing: ValidationIssue[] = required
    .filter((field) => blank(input[field]))
    .map((field) => ({
      loc: ['body', field],
      msg: 'complete_all_required_fields',
      type: 'missing',
    }));
  if (missing.length > 0) throw invalid(missing);
  try {
    return validate(schema, input, 'body');
  } catch (err) {
    if (!(err instanceof DomainError) || !err.details.issues) throw err;
    throw invalid(
      err.details.issues.map((issue) => {
        const field = issue.loc[1];
        const msg =
          typeof field === 'string' && issue.type !== AMOUNT_TOO_HIGH ? messages[field] : undefined;
        return msg ? { ...issue, msg, type: msg } : issue;
      }),
    );
  }
}

export function actorOf(ctx: AppContext): Actor {
  const user = ctx.state.user;
  if (!user) throw new Error('actorOf used on a route without requireAdmin');
  return { id: user.id, dni: user.dni, ip: ctx.ip || null };
}

export function idParam(ctx: AppContext): number {
  return validate(zIdParams, ctx.params, 'path').id;
}
