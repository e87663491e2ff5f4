import type Koa from 'koa';
import type * as z from 'zod';
import { operations } from '../generated/operations.gen.js';
import * as schemas from '../generated/zod.gen.js';
import type { Logger } from '../logger.js';
import type { AppState } from './context.js';
import { isRawBody } from './json-body.js';

export type ResponseValidationMode = 'off' | 'log' | 'strict';

/**
 * Checks every JSON answer of /api against the contract: 2xx bodies against the operation's
 * response schema, errors against the shared error shape. 'log' reports drift; 'strict' (tests and
 * the browser journeys) also turns it into a 500 so it cannot go unnoticed. Null when 'off'.
 */
export function responseValidation(
  mode: ResponseValidationMode,
  logger: Logger,
): ((ctx: Koa.ParameterizedContext<AppState>) => void) | null {
  if (mode === 'off') return null;
  return (ctx) => {
    if (!ctx.path.startsWith('/api/') || !ctx.response.is('json')) return;
    const body: unknown = ctx.body;
    if (body === null || body === undefined || isRawBody(body)) return;
    const schema = ctx.status >= 400 ? schemas.zError : successSchema(ctx);
    if (!schema) return;
    const result = schema.safeParse(body);
    if (result.success) return;
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    logger.error('response does not match the contract', {
      method: ctx.method,
      path: ctx.path,
      status: ctx.status,
      problems,
    });
    if (mode === 'strict') {
      ctx.status = 500;
      ctx.body = {
        detail: `Response does not match openapi.yaml: ${problems.join('; ')}`,
        code: 'contract_violation',
      };
    }
  };
}

function successSchema(ctx: Koa.ParameterizedContext<AppState>): z.ZodType | undefined {
  const route = (ctx as unknown as { _matchedRoute?: unknown })._matchedRoute;
  if (typeof route !== 'string') return undefined;
  const path = route.replace(/^\/api/, '').replace(/:(\w+)/g, '{$1}');
  const operationId = operations[`${ctx.method} ${path}`];
  if (!operationId) return undefined;
  const name = `z${operationId[0]?.toUpperCase()}${operationId.slice(1)}Response`;
  return (schemas as Record<string, unknown>)[name] as z.ZodType | undefined;
}
