import { send } from '@koa/send';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type Koa from 'koa';
import type { AppState } from './context.js';

/**
 * Serves the built web app: files as they are (hashed assets cached for a year), and index.html
 * for any other GET outside /api so client-side routes survive a reload.
 */
export function serveSpa(root: string): Koa.Middleware<AppState> {
  const index = join(root, 'index.html');
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api'))
      return next();
    if (!existsSync(index)) return next();
    const immutable = ctx.path.startsWith('/assets/') && /-[\w-]{8,}\.\w+$/.test(ctx.path);
    try {
      const served = await send(ctx, ctx.path, {
        root,
        index: 'index.html',
        maxage: immutable ? 365 * 24 * 3600 * 1000 : 0,
        immutable,
        // the .br/.gz files the web build writes beside each asset, when the browser takes them
        brotli: true,
        gzip: true,
      });
      if (served) {
        if (!immutable) ctx.set('Cache-Control', 'no-cache');
        return;
      }
    } catch (err) {
      const status = (err as { status?: number }).status;
      if (status !== 404 && status !== 400) throw err;
    }
    if (/\.\w{1,5}$/.test(ctx.path)) return next(); // a missing file, not a route
    await send(ctx, 'index.html', { root });
    ctx.set('Cache-Control', 'no-cache');
  };
}
