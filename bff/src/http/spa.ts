import { send } from '@koa/send';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type Koa from 'koa';
import { councilFileAddresses, pageWithCouncil, type Council } from '../council.js';
import type { AppState } from './context.js';

/**
 * Serves the built web app: files as they are (hashed assets cached for a year), index.html with
 * the council inlined for any other GET outside /api so client-side routes survive a reload, and
 * the council's own files (logo, documents) from beside its council file.
 */
export function serveSpa(root: string, council: Council): Koa.Middleware<AppState> {
  const index = join(root, 'index.html');
  const councilFiles = councilFileAddresses(council);
  // the page is made once per build of index.html (a rebuild while serving is picked up)
  let page: { html: string; mtimeMs: number } | null = null;
  const indexPage = () => {
    const { mtimeMs } = statSync(index);
    if (page?.mtimeMs !== mtimeMs) {
      page = { html: pageWithCouncil(readFileSync(index, 'utf8'), council), mtimeMs };
    }
    return page.html;
  };
  const answerIndex = (ctx: Koa.ParameterizedContext<AppState>) => {
    ctx.type = 'html';
    // Koa sends no body for HEAD, and keeps the length it would have had
    ctx.body = indexPage();
    ctx.set('Cache-Control', 'no-cache');
  };

  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api'))
      return next();
    const councilFile = councilFiles.get(ctx.path);
    if (councilFile) {
      await send(ctx, councilFile, { root: council.dir });
      ctx.set('Cache-Control', 'no-cache');
      return;
    }
    if (!existsSync(index)) return next();
    if (ctx.path === '/' || ctx.path === '/index.html') return answerIndex(ctx);
    const immutable = ctx.path.startsWith('/assets/') && /-[\w-]{8,}\.\w+$/.test(ctx.path);
    try {
      const served = await send(ctx, ctx.path, {
        root,
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
    answerIndex(ctx);
  };
}
