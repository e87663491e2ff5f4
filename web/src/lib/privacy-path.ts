import type { Locale } from '../i18n/locales';

/** The privacy and cookie policy lives at a path in each language's own words. */
export const privacyPaths: Record<Locale, string> = {
  es: '/privacidad',
  en: '/privacy',
  gl: '/privacidade',
};

export function privacyPath(locale: Locale): string {
  return privacyPaths[locale];
}
