import type Koa from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { bodyOperations, closedBodies } from '../generated/operations.gen.js';
import type { AppState } from './context.js';
import { invalid } from '../services/errors.js';
import { decodingBody } from './body-encoding.js';
import { operationOf } from './operation.js';

/** DELETE too: deleting one's own account sends the password in the body. */
const BODY_METHODS = new Set<string>([
  HttpMethodEnum.POST,
  HttpMethodEnum.PUT,
  HttpMethodEnum.PATCH,
  HttpMethodEnum.DELETE,
]);

const parse = decodingBody(
  koaBody({
    json: true,
    urlencoded: true,
    text: false,
    multipart: false,
    jsonLimit: '100kb',
    formLimit: '64kb',
    parsedMethods: [...BODY_METHODS] as HttpMethodEnum[],
  }) as unknown as Koa.Middleware<AppState>,
);

/**
 * Reads a JSON or form body into ctx.request.body (gzip, deflate or br undone). Not app-wide: a
 * route reads its body only once it knows who calls (requireUser and requireAdmin run it after
 * the token is checked), so a call without a valid token answers 401 whatever it sends, and
 * nobody unknown makes us parse 100 KB. Anonymous routes that take a body list it themselves. An
 * operation the contract gives no body never reads one, so it never answers for one.
 */
export const readBody: Koa.Middleware<AppState> = (ctx, next) => {
  if (!BODY_METHODS.has(ctx.method)) return next();
  const operationId = operationOf(ctx);
  if (operationId && !bodyOperations.has(operationId)) return next();
  return parse(ctx, () => refuseUnknownFields(ctx, next));
};

/**
 * The generated validators drop fields a schema does not name, even where the contract says
 * `additionalProperties: false` (@hey-api/openapi-ts ≤ 0.99 ignores it for zod; fixed upstream
 * in hey-api#4308, not yet released). Those bodies are checked here from the contract's list.
 */
function refuseUnknownFields(ctx: Koa.ParameterizedContext<AppState>, next: Koa.Next) {
  const operationId = operationOf(ctx);
  const allowed = operationId ? closedBodies[operationId] : undefined;
  const body: unknown = ctx.request.body;
  if (allowed && body && typeof body === 'object' && !Array.isArray(body)) {
    const unknown = Object.keys(body).filter((key) => !allowed.includes(key));
    if (unknown.length > 0) {
      throw invalid(
        unknown.map((key) => ({
          loc: ['body', key],
          msg: 'field_not_allowed',
          type: 'unrecognized_keys',
        })),
      );
    }
  }
  return next();
}
