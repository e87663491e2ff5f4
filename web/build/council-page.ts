import type { Plugin } from 'vite';
import { createReadStream } from 'node:fs';
import { resolve } from 'node:path';
// the server's own reading of the council file (build tooling only: web/src never imports bff)
import {
  councilFileAddresses,
  councilFileType,
  DEFAULT_COUNCIL_FILE,
  loadCouncil,
  pageWithCouncil,
  type Council,
} from '../../bff/src/council.ts';

/**
 * `npm run dev` and `dev:mock`: Vite serves index.html and the council's files the way the BFF
 * does in production (bff/src/http/spa.ts), from COUNCIL_FILE or the bundled council. A build
 * leaves index.html without a council: the server adds its own when it serves the page.
 */
export function councilPage(): Plugin {
  const path = resolve(
    import.meta.dirname,
    '../..',
    process.env.COUNCIL_FILE ?? DEFAULT_COUNCIL_FILE,
  );
  // read again with each page, so an edit of the file shows on reload; the files' requests use
  // the page's reading instead of checking the whole file on every request
  let read: { council: Council; files: Map<string, string> } | null = null;
  const load = () => {
    const council = loadCouncil(path);
    read = { council, files: councilFileAddresses(council) };
    return read;
  };
  return {
    name: 'portal-council-page',
    apply: 'serve',
    transformIndexHtml: (html) => pageWithCouncil(html, load().council),
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const { council, files } = read ?? load();
        const name = files.get((req.url ?? '').split('?')[0] ?? '');
        if (!name) return next();
        res.setHeader('Content-Type', councilFileType(name));
        res.setHeader('Cache-Control', 'no-cache');
        createReadStream(resolve(council.dir, name)).pipe(res);
      });
    },
  };
}
