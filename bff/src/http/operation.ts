import type Koa from 'koa';
import { operations } from '../generated/operations.gen.js';
import type { AppState } from './context.js';

/** Operation ids by method and route pattern, as calls first meet them (the routes are fixed). */
const known = new Map<string, string | undefined>();

/** The contract's operationId the call's route serves; undefined when no route matched. */
export function operationOf(ctx: Koa.ParameterizedContext<AppState>): string | undefined {
  const route = (ctx as unknown as { _matchedRoute?: unknown })._matchedRoute;
  if (typeof route !== 'string') return undefined;
  const key = `${ctx.method} ${route}`;
  if (known.has(key)) return known.get(key);
  const path = route.replace(/^\/api/, '').replace(/:(\w+)/g, '{$1}');
  const operationId = operations[`${ctx.method} ${path}`];
  known.set(key, operationId);
  return operationId;
}
