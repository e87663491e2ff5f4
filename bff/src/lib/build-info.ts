import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildInfo } from './metrics.js';
import { bffRoot, repoRoot } from './paths.js';

const read = (path: string) => {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return null;
  }
};

/** The commit a git checkout is at, read from .git (no git binary needed), or null. */
function gitCommit(): string | null {
  const head = read(join(repoRoot, '.git', 'HEAD'));
  if (!head) return null;
  if (!head.startsWith('ref: ')) return head;
  const ref = head.slice(5);
  const loose = read(join(repoRoot, '.git', ref));
  if (loose) return loose;
  const packed = read(join(repoRoot, '.git', 'packed-refs'));
  return (
    packed
      ?.split('\n')
      .find((line) => line.endsWith(` ${ref}`))
      ?.split(' ')[0] ?? null
  );
}

/**
 * The version (bff/package.json) and commit this process runs: PORTAL_COMMIT when the image
 * build set it (an image has no .git), else the checkout's own.
 */
export function buildInfo(env: Record<string, string | undefined> = process.env): BuildInfo {
  const pkg = JSON.parse(read(join(bffRoot, 'package.json')) ?? '{}') as { version?: string };
  return {
    version: pkg.version ?? 'unknown',
    commit: (env.PORTAL_COMMIT || gitCommit() || 'unknown').slice(0, 12),
  };
}
