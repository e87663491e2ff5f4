import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A stand-in for `web/dist` in a temp folder: its index.html and files under assets/. */
export function webBuild(indexHtml: string, assets: Record<string, string | Buffer> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), indexHtml);
  for (const [name, content] of Object.entries(assets)) {
    writeFileSync(join(dir, 'assets', name), content);
  }
  return dir;
}
