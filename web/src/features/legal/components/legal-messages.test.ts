import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
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

/** Every council folder's own wording (council.json's legal.texts), as the server would serve it. */
const councilsDir = resolve(import.meta.dirname, '../../../../../councils');
const councilTexts = readdirSync(councilsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => {
    const file = JSON.parse(
      readFileSync(resolve(councilsDir, entry.name, 'council.json'), 'utf8'),
    ) as {
      legal?: { texts?: Record<'es' | 'en' | 'gl', Record<string, string>> };
    };
    return [entry.name, file.legal?.texts ?? null] as const;
  });

describe("a council's own legal wording", () => {
  it('exists for at least one bundled council (the example)', () => {
    expect(councilTexts.some(([, texts]) => texts !== null)).toBe(true);
  });

  it.each(councilTexts.filter(([, texts]) => texts))(
    '%s replaces only texts that exist, with only the placeholders they use',
    (_name, texts) => {
      const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const locale of ['es', 'en', 'gl'] as const) {
        for (const [key, text] of Object.entries(texts![locale])) {
          expect(legalCatalogs.es, `${locale} ${key}`).toHaveProperty([key]);
          const known = new Set(placeholders(legalCatalogs.es[key]!).concat(['council', 'portal']));
          for (const used of placeholders(text))
            expect(known, `${locale} ${key}: {${used}}`).toContain(used);
        }
      }
    },
  );
});
