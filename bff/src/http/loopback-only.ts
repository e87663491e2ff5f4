import type Koa from 'koa';
import { isLoopback } from '../lib/client-address.js';
import type { AppState } from './context.js';
import { notFound } from '../services/errors.js';

/**
 * Development helpers (the outbox, the sandbox bank) answer outside production only to a caller
 * on this machine, judged by the socket's own address (never X-Forwarded-For, which a client
 * writes): a server started without NODE_ENV on a reachable address keeps them closed.
 * Others get 404, as if they did not exist.
 */
export function loopbackOnly(env: string): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    if (env !== 'production' && !isLoopback(ctx.req.socket.remoteAddress)) throw notFound();
    await next();
  };
}
