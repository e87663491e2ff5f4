import { describe, expect, it } from 'vitest';
import { catalogFiles, catalogs } from './catalogs';

describe('translation catalogs', () => {
  const source = Object.keys(catalogs.es).sort();

  it('has the same feature files in every language', () => {
    const byLocale = (locale: string) =>
      catalogFiles
        .filter((file) => file.startsWith(`./messages/${locale}/`))
        .map((file) => file.split('/').pop())
        .sort();
    expect(byLocale('en')).toEqual(byLocale('es'));
    expect(byLocale('gl')).toEqual(byLocale('es'));
  });

  it.each(['en', 'gl'] as const)('%s has exactly the keys of es, none empty', (locale) => {
    expect(Object.keys(catalogs[locale]).sort()).toEqual(source);
    for (const [key, text] of Object.entries(catalogs[locale])) {
      expect(text.trim(), key).not.toBe('');
    }
  });
});
