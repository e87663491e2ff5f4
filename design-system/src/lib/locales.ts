/** Interface languages of the portal, and how Intl names them (format.ts formats with them). */
export type Locale = 'es' | 'en' | 'gl';

export const LOCALES: readonly Locale[] = ['es', 'en', 'gl'];

/**
 * BCP 47 tags used with Intl. English uses en-GB so that dates read day/month/year like the
 * Spanish and Galician ones (residents live in Spain).
 */
export const INTL_LOCALE: Record<Locale, string> = {
  es: 'es-ES',
  en: 'en-GB',
  gl: 'gl-ES',
};

export const TIME_ZONE = 'Europe/Madrid';

/**
 * The Intl tag for a locale. A runtime without Galician data (some Chromium builds ship only a
 * few locales) would fall back to US formats, so Galician then uses Spanish conventions, which
 * are the same for euros and dates but for the names of the months (format.ts's
 * GALICIAN_MONTHS). Here rather than in format.ts: the first screen needs this and none of the
 * formatters, and the entry chunk takes a module it shares with lazy chunks whole.
 */
export function intlLocale(locale: Locale | string): string {
  const tag = INTL_LOCALE[locale as Locale] ?? INTL_LOCALE.es;
  return Intl.NumberFormat.supportedLocalesOf([tag]).length > 0 ? tag : INTL_LOCALE.es;
}
