// The image's software bill of materials (CycloneDX), from npm sbom, of exactly what it ships.
// `npm sbom --omit dev` leaves out production packages that some other workspace also uses as a
// development one (better-sqlite3, zod…), so the bill is made for the server's workspace from the
// lockfile and then kept to the packages really installed under node_modules (the image's
// production install). Usage: node scripts/sbom.mjs > sbom.cdx.json
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** name@version of every package under a node_modules folder, nested ones included. */
function installed(dir, into = new Set()) {
  if (!existsSync(dir)) return into;
  for (const entry of readdirSync(dir)) {
    if (entry.startsWith('.')) continue;
    const scoped = entry.startsWith('@');
    for (const name of scoped
      ? readdirSync(join(dir, entry)).map((n) => `${entry}/${n}`)
      : [entry]) {
      const pkg = join(dir, name, 'package.json');
      if (!existsSync(pkg)) continue;
      const { version } = JSON.parse(readFileSync(pkg, 'utf8'));
      into.add(`${name}@${version}`);
      installed(join(dir, name, 'node_modules'), into);
    }
  }
  return into;
}

const bom = JSON.parse(
  execFileSync(
    'npm',
    ['sbom', '--sbom-format', 'cyclonedx', '--package-lock-only', '--workspace', 'bff'],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  ),
);
// the root's packages, and the server's own where the lockfile nests another major under it
const shipped = installed('bff/node_modules', installed('node_modules'));
const kept = new Set();
bom.components = bom.components.filter((component) => {
  const keep = shipped.has(`${component.name}@${component.version}`);
  if (keep) kept.add(component['bom-ref']);
  return keep;
});
bom.dependencies = (bom.dependencies ?? [])
  .filter(
    (dependency) =>
      kept.has(dependency.ref) || dependency.ref === bom.metadata?.component?.['bom-ref'],
  )
  .map((dependency) => ({
    ...dependency,
    dependsOn: (dependency.dependsOn ?? []).filter((ref) => kept.has(ref)),
  }));
process.stdout.write(`${JSON.stringify(bom, null, 2)}\n`);
