import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { council } from '../../config/council';

/**
 * The reduction PDFs in councils/nigran (made by web/scripts/gen-docs.mjs) are real documents
 * with text: the PDF header, tagged structure, a language, and the council's name in the text of
 * the page (read back by inflating the content streams and decoding the shown strings).
 */
const web = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const assets = join(web, '../councils/nigran');

const DOCUMENTS = [
  ['axuda-bonificacion-es.pdf', 'es-ES', 'bonificación'],
  ['axuda-bonificacion-gl.pdf', 'gl-ES', 'bonificación'],
  ['axuda-bonificacion-en.pdf', 'en-GB', 'reduction'],
  ['bonificacion.pdf', 'es-ES', 'Declaración responsable'],
  ['bonificacion-gl.pdf', 'gl-ES', 'Declaración responsable'],
] as const;

/** The text a PDF shows: every TJ/Tj string of every Flate content stream, one line each. */
function pageText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streams = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streams.exec(raw))) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not a Flate stream
    }
    for (const [, array] of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[^\]])*)\]\s*TJ/g)) {
      const hex = [...(array ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
      lines.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}

describe('reduction documents', () => {
  it.each(DOCUMENTS)('%s is a tagged PDF with text (%s)', (file, lang, phrase) => {
    const pdf = readFileSync(join(assets, file));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const raw = pdf.toString('latin1');
    expect(raw).toContain('/StructTreeRoot');
    expect(raw).toContain(`/Lang (${lang})`);
    const text = pageText(pdf);
    expect(text).toContain(council.name);
    expect(text).toContain(phrase);
    expect(text).toContain(council.sportsEmail);
    // the percentage is the council's parameter, never written in the document
    expect(text).not.toMatch(/\d+\s?%/);
  });

  it('the committed PDFs are exactly what scripts/gen-docs.mjs makes from council.json', () => {
    expect(() =>
      execFileSync(process.execPath, [join(web, 'scripts/gen-docs.mjs'), '--check'], {
        stdio: 'pipe',
      }),
    ).not.toThrow();
  });
});
