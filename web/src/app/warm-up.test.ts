import { formatDate, formatEuros } from '@portal/design-system/lib/format.ts';
import { describe, expect, it } from 'vitest';
import { locales } from '../i18n/locales';
import { warmUp } from './warm-up';

describe('warmUp', () => {
  it('prepares every language without changing what is formatted', () => {
    for (const locale of locales) {
      const before = [formatEuros(12.5, locale), formatDate('2026-11-21', locale)];
      expect(() => warmUp(locale)).not.toThrow();
      expect([formatEuros(12.5, locale), formatDate('2026-11-21', locale)]).toEqual(before);
    }
  });
});
