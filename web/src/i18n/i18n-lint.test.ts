import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { legalCatalogs } from '../features/legal/components/legal-messages';
import { catalogs } from './catalogs';
import { findLiteralText, findUnknownIds, hasLetters, sourceFiles } from './source-scan';

const src = join(dirname(fileURLToPath(import.meta.url)), '..');
const files = sourceFiles(src);
/** The app catalogs plus the legal texts, which travel with the legal pages' chunks. */
const known = { ...catalogs.es, ...legalCatalogs.es };
const show = (list: { file: string; line: number; text: string }[]) =>
  list.map((f) => `${f.file}:${f.line} ${JSON.stringify(f.text)}`);

describe('i18n lint over web/src', () => {
  it('scans the app sources', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(files.some((file) => file.endsWith('app-layout.tsx'))).toBe(true);
    expect(files.some((file) => file.endsWith('.test.tsx'))).toBe(false);
  });

  it('has no hard-coded visible text in JSX (text, labels, alt, title, placeholder...)', () => {
    expect(show(findLiteralText(src, files, known))).toEqual([]);
  });

  it('uses only message ids that exist in the es catalogs', () => {
    expect(show(findUnknownIds(src, files, known))).toEqual([]);
  });

  it('every message descriptor formatjs extracts has its id in the es catalog', () => {
    const require = createRequire(import.meta.url);
    const cli = join(dirname(require.resolve('@formatjs/cli/package.json')), 'bin/formatjs');
    const dir = mkdtempSync(join(tmpdir(), 'formatjs-'));
    try {
      const out = join(dir, 'extracted.json');
      execFileSync(cli, ['extract', ...files, '--out-file', out], { stdio: 'pipe' });
      const extracted = Object.keys(JSON.parse(readFileSync(out, 'utf8')) as object);
      expect(extracted.length).toBeGreaterThan(50);
      expect(extracted.filter((id) => !(id in known))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the scanner itself', () => {
  it('reports text nodes, visible props, string children and unknown ids', () => {
    const dir = mkdtempSync(join(tmpdir(), 'i18n-scan-'));
    try {
      const file = join(dir, 'sample.tsx');
      writeFileSync(
        file,
        [
          "import { FormattedMessage } from 'react-intl';",
          'export function Sample({ on }: { on: boolean }) {',
          '  return (',
          '    <div className="p-4" data-state="open" aria-label="Cerrar">',
          '      <p>Hola</p>',
          "      <p>{on ? 'Sí' : '—'}</p>",
          '      <Field label={on ? \'Nombre\' : \'auth.field.dni\'} errorPrefix="Error:" id="x" />',
          '      <FormattedMessage id="auth.field.nope" />',
          '      <FormattedMessage id={`auth.field.${on}`} />',
          '      <FormattedMessage id={`nothing.here.${on}`} />',
          '      <img alt="" src="/logo.svg" /> · 12 €',
          '      {/* i18n-ignore */}',
          '      <span>Facebook</span>',
          '    </div>',
          '  );',
          '}',
        ].join('\n'),
      );
      expect(show(findLiteralText(dir, [file], catalogs.es))).toEqual([
        'sample.tsx:4 "Cerrar"',
        'sample.tsx:5 "Hola"',
        'sample.tsx:6 "Sí"',
        'sample.tsx:7 "Nombre"',
        'sample.tsx:7 "Error:"',
      ]);
      expect(show(findUnknownIds(dir, [file], catalogs.es))).toEqual([
        'sample.tsx:8 "auth.field.nope"',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('allows text without letters', () => {
    expect(hasLetters(' · — 12 € % ✓ ')).toBe(false);
    expect(hasLetters('Ayuda')).toBe(true);
    expect(hasLetters('ñ')).toBe(true);
  });
});
