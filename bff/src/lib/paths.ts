import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** bff/ whether running from src/lib (tsx) or dist/src/lib (compiled). */
export const bffRoot = here.includes(`${'/dist/'}`)
  ? resolve(here, '../../..')
  : resolve(here, '../..');
export const repoRoot = resolve(bffRoot, '..');
