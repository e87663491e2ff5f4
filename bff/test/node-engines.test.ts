import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const readJson = (file: string) =>
  JSON.parse(readFileSync(file, 'utf8')) as {
    name?: string;
    version?: string;
    engines?: { node?: string };
  };

/** Every installed package (at any depth of any node_modules) that names the Node it needs. */
function enginesOfInstalled(): { name: string; node: string }[] {
  const found: { name: string; node: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.name.startsWith('@')) {
        walk(path);
        continue;
      }
      const manifest = join(path, 'package.json');
      if (existsSync(manifest)) {
        const pkg = readJson(manifest);
        if (pkg.engines?.node)
          found.push({ name: `${pkg.name}@${pkg.version}`, node: pkg.engines.node });
      }
      if (existsSync(join(path, 'node_modules'))) walk(join(path, 'node_modules'));
    }
  };
  for (const dir of ['.', 'bff', 'web', 'design-system', 'mocks', 'stories', 'e2e']) {
    const modules = join(root, dir, 'node_modules');
    if (existsSync(modules)) walk(modules);
  }
  return found;
}

/**
 * The repository's `engines` is the true range (issue 52 item 11): every Node it admits is one
 * every installed package admits (with `engine-strict`, npm refuses an install otherwise, as
 * jsdom's `^22.22.2 || ^24.15.0` did under the old `>=22.12.0`), and the Node the README and
 * `.ci/run` give, 24, is in it.
 */
describe("the repository's Node range", () => {
  const range = readJson(join(root, 'package.json')).engines?.node ?? '';

  it('admits only Node versions every installed package admits', () => {
    const packages = enginesOfInstalled();
    expect(packages.length).toBeGreaterThan(50);
    const narrower = packages.filter(({ node }) => !semver.subset(range, node));
    expect(narrower).toEqual([]);
  });

  it('admits the Node this runs on, and Node 24 from 24.15', () => {
    expect(semver.satisfies(process.version, range)).toBe(true);
    expect(semver.satisfies('24.15.0', range)).toBe(true);
    expect(semver.satisfies('24.14.0', range)).toBe(false);
    expect(semver.satisfies('22.12.0', range)).toBe(false);
  });
});
