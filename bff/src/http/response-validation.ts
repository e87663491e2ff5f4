import type Koa from 'koa';
import type * as z from 'zod';
import { statuses } from '../generated/operations.gen.js';
import * as schemas from '../generated/zod.gen.js';
import type { Logger } from '../logger.js';
import type { AppState } from './context.js';
import { isRawBody } from './json-body.js';
import { operationOf } from './operation.js';

export type ResponseValidationMode = 'off' | 'log' | 'strict';

/**
 * Checks every answer of /api against the contract: its status must be one the operation
 * declares; 2xx JSON bodies must match the operation's response schema, errors the shared error
 * shape. 'log' reports drift; 'strict' (tests and
 * the browser journeys) also turns it into a 500 so it cannot go unnoticed. Null when 'off'.
 */
export function responseValidation(
  mode: ResponseValidationMode,
  logger: Logger,
): ((ctx: Koa.ParameterizedContext<AppState>) => void) | null {
  if (mode === 'off') return null;
  return (ctx) => {
    if (!ctx.path.startsWith('/api/')) return;
    const operationId = operationOf(ctx);
    if (operationId && !statuses[operationId]?.includes(ctx.status)) {
      report(ctx, mode, logger, [`status ${ctx.status} is not declared for ${operationId}`]);
      return;
    }
    if (!ctx.response.is('json')) return;
    const body: unknown = ctx.body;
    if (body === null || body === undefined || isRawBody(body)) return;
    const schema = ctx.status >= 400 ? schemas.zError : successSchema(operationId);
    if (!schema) return;
    const result = schema.safeParse(body);
    if (result.success) return;
    report(
      ctx,
      mode,
      logger,
      result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  };
}

function report(
  ctx: Koa.ParameterizedContext<AppState>,
  mode: ResponseValidationMode,
  logger: Logger,
  problems: string[],
): void {
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
}

function successSchema(operationId: string | undefined): z.ZodType | undefined {
  if (!operationId) return undefined;
  const name = `z${operationId[0]?.toUpperCase()}${operationId.slice(1)}Response`;
  return (schemas as Record<string, unknown>)[name] as z.ZodType | undefined;
}
