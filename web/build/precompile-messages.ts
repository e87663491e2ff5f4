import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Production builds ship the message catalogs already parsed (ICU AST), so react-intl's message
 * parser (≈20 KB gzip) stays out of the bundle: its import is aliased to the parser-free build.
 * The parser used here is the very copy react-intl depends on, so the AST format matches.
 */
const require = createRequire(import.meta.url);
const reactIntlRequire = createRequire(require.resolve('react-intl'));
const parserPath = reactIntlRequire.resolve('@formatjs/icu-messageformat-parser');
const noParserPath = `${dirname(parserPath)}/no-parser.js`;

const VIRTUAL = '\0messages:';
const SUFFIX = '.compiled.js';
const CATALOG = /\/(i18n\/messages\/[a-z]{2}\/[\w-]+|features\/legal\/messages\/[a-z]{2})\.json$/;

export function precompileMessages(): Plugin {
  let parse: (message: string) => unknown;
  return {
    name: 'precompile-messages',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: noParserPath }],
      },
    }),
    async buildStart() {
      ({ parse } = (await import(pathToFileURL(parserPath).href)) as { parse: typeof parse });
    },
    // catalogs become virtual modules, so Vite's own JSON handling never sees them
    async resolveId(source, importer) {
      if (!source.endsWith('.json') || !importer) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved && CATALOG.test(resolved.id) ? `${VIRTUAL}${resolved.id}${SUFFIX}` : null;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL)) return null;
      const file = id.slice(VIRTUAL.length, -SUFFIX.length);
      this.addWatchFile(file);
      const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, text]) => [key, parse(text)]),
      );
      return { code: `export default ${JSON.stringify(compiled)};`, map: null };
    },
  };
}
