import { describe, expect, it } from 'vitest';
import { catalogs } from './catalogs';

describe('translation catalogs', () => {
  const source = Object.keys(catalogs.es).sort();
  it.each(['en', 'gl'] as const)('%s has exactly the keys of es, none empty', (locale) => {
    expect(Object.keys(catalogs[locale]).sort()).toEqual(source);
    for (const [key, text] of Object.entries(catalogs[locale])) {
      expect(text.trim(), key).not.toBe('');
    }
  });
});
