import type Koa from 'koa';
import { operations } from '../generated/operations.gen.js';
import type { AppState } from './context.js';

/** The contract's operationId the call's route serves; undefined when no route matched. */
export function operationOf(ctx: Koa.ParameterizedContext<AppState>): string | undefined {
  const route = (ctx as unknown as { _matchedRoute?: unknown })._matchedRoute;
  if (typeof route !== 'string') return undefined;
  const path = route.replace(/^\/api/, '').replace(/:(\w+)/g, '{$1}');
  return operations[`${ctx.method} ${path}`];
}
