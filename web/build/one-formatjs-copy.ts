import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * react-intl and @formatjs/intl both need intl-messageformat and @formatjs/fast-memoize, at the
 * same version; npm cannot hoist them (the root slot holds the older major lighthouse needs, in
 * bench/), so it nests a copy under each and the first screen carried both. Every import of them
 * resolves to react-intl's copy instead; the build stops if the two copies ever differ in version.
 */
const SHARED = ['intl-messageformat', '@formatjs/fast-memoize'];

const require = createRequire(import.meta.url);
const fromReactIntl = createRequire(require.resolve('react-intl'));
const fromFormatjsIntl = createRequire(fromReactIntl.resolve('@formatjs/intl'));

type Manifest = { name?: string; version: string };

/** The version of `name` that `from` resolves (read from the package.json above its entry). */
function versionOf(from: NodeJS.Require, name: string): string {
  for (let dir = dirname(from.resolve(name)); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    if (manifest.name === name) return manifest.version;
  }
  throw new Error(`no package.json for ${name}`);
}

export function oneFormatjsCopy(): Plugin {
  return {
    name: 'one-formatjs-copy',
    config() {
      for (const name of SHARED) {
        const ours = versionOf(fromReactIntl, name);
        const theirs = versionOf(fromFormatjsIntl, name);
        if (ours !== theirs) {
          throw new Error(
            `${name}: react-intl has ${ours}, @formatjs/intl ${theirs}; remove oneFormatjsCopy or align them`,
          );
        }
      }
      return {
        resolve: {
          alias: SHARED.map((name) => ({
            find: new RegExp(`^${name.replace('/', '\\/')}$`),
            replacement: fromReactIntl.resolve(name),
          })),
        },
      };
    },
  };
}
