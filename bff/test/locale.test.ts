import { describe, expect, it } from 'vitest';
import { pickLocale } from '../src/i18n/locale.js';

describe('pickLocale (Accept-Language)', () => {
  it('takes the supported language of highest quality', () => {
    expect(pickLocale('fr-FR,fr;q=0.9,en;q=0.8,gl;q=0.7')).toBe('en');
    expect(pickLocale('en;q=0.5, gl;q=0.9')).toBe('gl');
    expect(pickLocale('gl-ES')).toBe('gl');
    expect(pickLocale('EN-gb')).toBe('en');
  });

  it('keeps the earlier language on equal quality', () => {
    expect(pickLocale('gl,en')).toBe('gl');
    expect(pickLocale('en;q=0.8,es;q=0.8')).toBe('en');
  });

  it('never picks a language refused with q=0 or an unreadable quality', () => {
    expect(pickLocale('en;q=0,gl;q=0.1')).toBe('gl');
    expect(pickLocale('en;q=abc')).toBe('es');
    expect(pickLocale('en;q=0')).toBe('es');
  });

  it('reads parameters before the quality and spaces around them', () => {
    expect(pickLocale('en ; level=1 ; q=0.4, gl;q=0.3')).toBe('en');
  });

  it('falls back to Spanish for no header, unknown or malformed languages', () => {
    expect(pickLocale(undefined)).toBe('es');
    expect(pickLocale('')).toBe('es');
    expect(pickLocale('fr,de;q=0.9,*;q=0.1')).toBe('es');
    expect(pickLocale('eng,glx,e')).toBe('es');
    expect(pickLocale(',,;q=1,')).toBe('es');
  });
});
