// Generates every artefact derived from openapi.yaml. With --check it generates into a temp dir
// and fails when the committed files differ (stale generated code).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const check = process.argv.includes('--check');
const targets = {
  web: 'web/src/lib/api/schema.gen.ts',
  bff: 'bff/src/generated',
};

function generate(outRoot) {
  const bin = (name) => join(root, 'node_modules/.bin', name);
  execFileSync(
    bin('openapi-typescript'),
    ['openapi.yaml', '--redocly', 'scripts/redocly-gen.yaml', '-o', join(outRoot, targets.web)],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  execFileSync(process.execPath, [join(root, 'scripts/gen-bff.mjs'), join(outRoot, targets.bff)], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  if (statSync(dir).isFile()) return [dir];
  return readdirSync(dir).flatMap((name) => listFiles(join(dir, name)));
}

if (!check) {
  generate(root);
  console.log('generated', Object.values(targets).join(', '));
} else {
  const tmp = mkdtempSync(join(tmpdir(), 'gen-check-'));
  try {
    generate(tmp);
    const stale = [];
    for (const target of Object.values(targets)) {
      const fresh = listFiles(join(tmp, target)).map((f) => relative(tmp, f));
      const committed = listFiles(join(root, target)).map((f) => relative(root, f));
      for (const file of new Set([...fresh, ...committed])) {
        const a = existsSync(join(tmp, file)) ? readFileSync(join(tmp, file), 'utf8') : null;
        const b = existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : null;
        if (a !== b) stale.push(file);
      }
    }
    if (stale.length > 0) {
      console.error(`Generated files are stale; run "npm run gen":\n  ${stale.join('\n  ')}`);
      process.exit(1);
    }
    console.log('generated files are up to date');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
