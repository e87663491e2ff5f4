import { describe, expect, it, vi } from 'vitest';
import { formatDate, formatEuros, intlLocale, roundCents } from './format.ts';

// Intl may use a narrow no-break space before "€"; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatEuros', () => {
  it('formats with two decimals in each locale', () => {
    expect(plain(formatEuros(12.5, 'es'))).toBe('12,50 €');
    expect(plain(formatEuros(12.5, 'gl'))).toBe('12,50 €');
    expect(formatEuros(12.5, 'en')).toBe('€12.50');
    expect(plain(formatEuros(0, 'es'))).toBe('0,00 €');
  });

  it('groups thousands', () => {
    expect(plain(formatEuros(12345.6, 'es'))).toBe('12.345,60 €');
    expect(formatEuros(12345.6, 'en')).toBe('€12,345.60');
  });

  it('rounds to cents without binary artefacts', () => {
    expect(roundCents(1.005)).toBe(1.01);
    expect(roundCents(0.1 + 0.2)).toBe(0.3);
    expect(plain(formatEuros(71.625, 'es'))).toBe('71,63 €');
    expect(plain(formatEuros(1.005, 'es'))).toBe('1,01 €');
  });
});

describe('formatDate', () => {
  it('formats civil dates day/month/year', () => {
    expect(formatDate('2026-01-05', 'es')).toBe('05/01/2026');
    expect(formatDate('2026-01-05', 'en')).toBe('05/01/2026');
    expect(formatDate('2026-01-05', 'gl')).toBe('05/01/2026');
  });

  it('long style names the month in each language', () => {
    expect(formatDate('2026-01-05', 'es', 'long')).toBe('5 de enero de 2026');
    expect(formatDate('2026-01-05', 'en', 'long')).toBe('5 January 2026');
    expect(formatDate('2026-01-05', 'gl', 'long')).toBe('5 de xaneiro de 2026');
  });

  it('never shifts a civil date, whatever the process time zone', () => {
    // 1 January and 31 December are where a UTC/local mix-up shows.
    expect(formatDate('2026-01-01', 'es')).toBe('01/01/2026');
    expect(formatDate('2026-12-31', 'es')).toBe('31/12/2026');
    expect(formatDate('2024-02-29', 'es')).toBe('29/02/2024');
  });

  it('shows a date-time as its calendar day in Madrid', () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Madrid (UTC+1 in winter).
    expect(formatDate('2026-12-31T23:30:00Z', 'es')).toBe('01/01/2027');
    // 22:30 UTC on 30 Jun is 00:30 on 1 Jul in Madrid (UTC+2 in summer).
    expect(formatDate('2026-06-30T22:30:00Z', 'es')).toBe('01/07/2026');
  });

  it('returns unparseable values unchanged', () => {
    expect(formatDate('not a date', 'es')).toBe('not a date');
    expect(formatDate('2026-02-30', 'es')).toBe('2026-02-30');
    expect(formatDate('', 'es')).toBe('');
  });
});

describe('formatting without Galician locale data', () => {
  it('names each language by its own tag where the runtime has its data', () => {
    expect(['es', 'en', 'gl'].map(intlLocale)).toEqual(['es-ES', 'en-GB', 'gl-ES']);
  });

  it('uses Spanish conventions instead of falling back to US formats', () => {
    const spy = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf').mockReturnValue([]);
    try {
      expect(formatEuros(1234.5, 'gl')).toBe(formatEuros(1234.5, 'es'));
      expect(formatDate('2026-12-15', 'gl')).toBe('15/12/2026');
      // the tag the screens that format with Intl themselves use (payments' date-times)
      expect(intlLocale('gl')).toBe('es-ES');
    } finally {
      spy.mockRestore();
    }
  });

  it('still names every month in Galician, as a runtime with the data does', () => {
    // this runtime has Galician data: its long dates are the reference
    const days = [
      ...Array.from({ length: 12 }, (_, m) => `2026-${String(m + 1).padStart(2, '0')}-05`),
      '2026-12-31T23:30:00Z', // already 1 January in Madrid
    ];
    const withData = days.map((day) => formatDate(day, 'gl', 'long'));
    expect(withData[0]).toBe('5 de xaneiro de 2026');
    expect(withData[12]).toBe('1 de xaneiro de 2027');
    const spy = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf').mockImplementation((tags) =>
      [tags ?? []]
        .flat()
        .map(String)
        .filter((tag) => !tag.startsWith('gl')),
    );
    try {
      expect(days.map((day) => formatDate(day, 'gl', 'long'))).toEqual(withData);
      expect(formatDate('2026-01-05', 'es', 'long')).toBe('5 de enero de 2026');
    } finally {
      spy.mockRestore();
    }
  });
});
