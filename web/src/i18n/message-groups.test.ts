import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { groupOfCatalog, groupOfCatalogFile, type MessageGroup } from './message-groups';
import { findMessageIds, keysOf, sourceFiles } from './source-scan';

const src = join(dirname(fileURLToPath(import.meta.url)), '..');

const spanish = import.meta.glob<Record<string, string>>('./messages/es/*.json', {
  eager: true,
  import: 'default',
});
const catalog: Record<string, string> = Object.assign({}, ...Object.values(spanish));
const groupOfKey = new Map(
  Object.entries(spanish).flatMap(([path, messages]) =>
    Object.keys(messages).map((key) => [key, groupOfCatalogFile(path)] as const),
  ),
);

/**
 * The texts a source file may use: the public group is always there (main.tsx loads it before
 * the first paint); a resident's screens and the admin panel load theirs with their code
 * (app/router.tsx). Everything else (the shell, sign-in, maintenance, legal pages) runs on
 * /login, where only the public group is loaded.
 */
function groupsFor(file: string): MessageGroup[] {
  if (/^features\/admin\//.test(file)) return ['public', 'admin'];
  if (/^features\/(dashboard|persons|account|payments)\//.test(file)) return ['public', 'resident'];
  return ['public'];
}

describe('message groups', () => {
  it('puts the shell and sign-in texts in the group /login loads, and the rest apart', () => {
    expect(groupOfCatalog('shell')).toBe('public');
    expect(groupOfCatalog('auth')).toBe('public');
    expect(groupOfCatalog('dashboard')).toBe('resident');
    expect(groupOfCatalog('payments')).toBe('resident');
    expect(groupOfCatalog('admin')).toBe('admin');
    expect(groupOfCatalogFile('./messages/gl/persons.json')).toBe('resident');
    expect(() => groupOfCatalogFile('./messages/gl/')).toThrow();
  });

  it('every source file uses only ids of the groups loaded where it runs', () => {
    const ids = findMessageIds(src, sourceFiles(src), catalog);
    expect(ids.length).toBeGreaterThan(300);
    const misplaced = ids.flatMap(({ file, line, text }) => {
      const allowed = groupsFor(file.split('\\').join('/'));
      return keysOf(text, catalog)
        .filter((key) => !allowed.includes(groupOfKey.get(key)!))
        .map((key) => `${file}:${line} ${key} (${groupOfKey.get(key)})`);
    });
    expect(misplaced).toEqual([]);
  });
});
