import { describe, expect, it } from 'vitest';
import { legalCatalogs } from './legal-messages';

describe('legal catalogs', () => {
  const source = Object.keys(legalCatalogs.es).sort();

  it('are namespaced legal.*', () => {
    expect(source.length).toBeGreaterThan(100);
    expect(source.filter((key) => !key.startsWith('legal.'))).toEqual([]);
  });

  it.each(['en', 'gl'] as const)('%s has exactly the keys of es, none empty', (locale) => {
    expect(Object.keys(legalCatalogs[locale]).sort()).toEqual(source);
    for (const [key, text] of Object.entries(legalCatalogs[locale])) {
      expect(text.trim(), key).not.toBe('');
    }
  });

  it('keep the same placeholders in every language', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of source) {
      const expected = placeholders(legalCatalogs.es[key] ?? '');
      expect(placeholders(legalCatalogs.en[key] ?? ''), `en ${key}`).toEqual(expected);
      expect(placeholders(legalCatalogs.gl[key] ?? ''), `gl ${key}`).toEqual(expected);
    }
  });
});
