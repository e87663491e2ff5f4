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
