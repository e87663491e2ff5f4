// @vitest-environment node
/**
 * WCAG 2.1 contrast of the token pairs the components use, read from styles.css (jsdom cannot
 * compute colour contrast, so axe's color-contrast rule is off in the story tests).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('../styles.css', import.meta.url), 'utf8');

const tokens = new Map<string, string>(
  Array.from(css.matchAll(/--color-([\w-]+):\s*(#[0-9a-fA-F]{6})\s*;/g), (m) => [
    m[1] as string,
    (m[2] as string).toLowerCase(),
  ]),
);

function hex(name: string): string {
  const value = tokens.get(name);
  if (!value) throw new Error(`missing token --color-${name}`);
  return value;
}

function luminance(color: string): number {
  const n = Number.parseInt(color.slice(1), 16);
  const [r, g, b] = [n >> 16, (n >> 8) & 0xff, n & 0xff].map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Text on background: AA normal text, 4.5:1. */
const TEXT_PAIRS: Array<[string, string]> = [
  ['foreground', 'background'],
  ['foreground', 'surface'],
  ['muted-foreground', 'background'],
  ['muted-foreground', 'surface'],
  ['link', 'background'],
  ['link', 'surface'],
  ['link', 'primary-surface'],
  ['link-hover', 'background'],
  ['foreground', 'primary-surface'],
  ['primary', 'background'],
  ['primary', 'primary-surface'],
  ['primary-foreground', 'primary'],
  ['primary-foreground', 'primary-hover'],
  ['header-foreground', 'header'],
  ['footer-foreground', 'footer'],
  ['success-foreground', 'success'],
  ['success-text', 'success-surface'],
  ['foreground', 'success-surface'],
  ['error-foreground', 'error'],
  ['error-foreground', 'error-hover'],
  ['error-text', 'background'],
  ['error-text', 'error-surface'],
  ['foreground', 'error-surface'],
  ['info-text', 'info-surface'],
  ['foreground', 'info-surface'],
];

/** Focus rings, control borders and status icons/borders: non-text contrast, 3:1. */
const NON_TEXT_PAIRS: Array<[string, string]> = [
  ['focus', 'background'],
  ['focus', 'surface'],
  ['focus', 'primary-surface'],
  ['focus-inverse', 'header'],
  ['focus-inverse', 'footer'],
  ['border', 'background'],
  ['border', 'surface'],
  ['primary', 'background'],
  ['error', 'background'],
  ['error', 'error-surface'],
  ['success', 'success-surface'],
  ['info', 'info-surface'],
  ['info', 'background'],
];

describe('design tokens', () => {
  it('parses the palette from styles.css', () => {
    expect(tokens.size).toBeGreaterThan(20);
  });

  it('computes contrast like WCAG (black on white is 21:1)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it.each(TEXT_PAIRS)('text %s on %s is at least 4.5:1', (fg, bg) => {
    expect(contrast(hex(fg), hex(bg))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(NON_TEXT_PAIRS)('%s against %s is at least 3:1', (fg, bg) => {
    expect(contrast(hex(fg), hex(bg))).toBeGreaterThanOrEqual(3);
  });
});
