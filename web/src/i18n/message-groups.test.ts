import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogs } from './catalogs';
import { locales } from './locales';
import { messageGroups, type MessageGroup } from './message-groups';
import { findMessageIds, keysOf, sourceFiles } from './source-scan';

const src = join(dirname(fileURLToPath(import.meta.url)), '..');

const groups = import.meta.glob<Record<string, string>>('./groups/*.ts', {
  eager: true,
  import: 'default',
});
const group = (locale: string, name: MessageGroup) => groups[`./groups/${locale}-${name}.ts`] ?? {};
const catalog = catalogs.es;
const groupOfKey = new Map(
  messageGroups.flatMap((name) =>
    Object.keys(group('es', name)).map((key) => [key, name] as const),
  ),
);

/**
 * The texts a source file may use: the public group is always there (main.tsx loads it before
 * the first paint); the other steps of getting in (registration, recovery, the second factor),
 * a resident's screens and the admin panel load theirs with their code (lazyWithTexts, in
 * app/router.tsx and the login form). Everything else (the shell, the login form, maintenance,
 * legal pages) runs on /login, where only the public group is loaded.
 */
function groupsFor(file: string): MessageGroup[] {
  if (/^features\/admin\//.test(file)) return ['public', 'admin'];
  if (
    /^features\/auth\/(register-page|recovery-page|signup-validation|use-auth-form|components\/(auth-steps|step-heading|mfa-step|resend-code))\./.test(
      file,
    )
  ) {
    return ['public', 'access'];
  }
  if (/^features\/(dashboard|persons|account|payments|season|direct-debit)\//.test(file))
    return ['public', 'resident'];
  return ['public'];
}

describe('message groups', () => {
  it('puts the shell and login texts in the group /login loads, and the rest apart', () => {
    const namespaces = (name: MessageGroup) =>
      [...new Set(Object.keys(group('es', name)).map((key) => key.split('.')[0]))].sort();
    expect(namespaces('public')).toEqual([
      'app',
      'auth',
      'cookies',
      'footer',
      'header',
      'help',
      'lang',
      'maintenance',
    ]);
    const otherSteps = /^auth\.(register|recovery|mfa)\./;
    expect(Object.keys(group('es', 'public')).filter((key) => otherSteps.test(key))).toEqual([]);
    expect(Object.keys(group('es', 'access')).filter((key) => otherSteps.test(key))).not.toEqual(
      [],
    );
    expect(namespaces('access')).toEqual(['auth']);
    expect(namespaces('resident')).toEqual([
      'account',
      'dashboard',
      'payments',
      'persons',
      'season',
    ]);
    expect(namespaces('admin')).toEqual(['admin']);
  });

  it('groups every text of every language once, and the three languages alike', () => {
    expect(Object.keys(groups)).toHaveLength(locales.length * messageGroups.length);
    for (const locale of locales) {
      const keys = messageGroups.flatMap((name) => Object.keys(group(locale, name)));
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys.sort()).toEqual(Object.keys(catalogs[locale]).sort());
      for (const name of messageGroups) {
        expect(Object.keys(group(locale, name)).sort()).toEqual(
          Object.keys(group('es', name)).sort(),
        );
      }
    }
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
