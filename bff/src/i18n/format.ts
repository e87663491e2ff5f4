import { locales, type Locale } from './locale.js';

const LOCALE_TAGS: Record<Locale, string> = { es: 'es-ES', en: 'en-GB', gl: 'gl-ES' };

/**
 * One formatter per language, built when the module loads: building an Intl formatter costs
 * many times what formatting with it does, and receipts, exports and notices format on every
 * line (docs/performance.md, *The response pipeline and a warm start*).
 */
export function perLocale<F>(build: (tag: string) => F): Record<Locale, F> {
  return Object.fromEntries(
    locales.map((locale) => [locale, build(LOCALE_TAGS[locale])]),
  ) as Record<Locale, F>;
}

const euros = perLocale(
  (tag) => new Intl.NumberFormat(tag, { style: 'currency', currency: 'EUR' }),
);
const madridTime = perLocale(
  (tag) =>
    new Intl.DateTimeFormat(tag, {
      timeZone: 'Europe/Madrid',
      dateStyle: 'long',
      timeStyle: 'short',
    }),
);
const civilDate = perLocale(
  (tag) => new Intl.DateTimeFormat(tag, { timeZone: 'UTC', dateStyle: 'long' }),
);
const civilDay = perLocale(
  (tag) =>
    new Intl.DateTimeFormat(tag, {
      timeZone: 'UTC',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }),
);

/** Cents as the resident reads money in their language (12,50 € / €12.50). */
export function formatEuros(cents: number, locale: Locale): string {
  return euros[locale].format(cents / 100);
}

/** An instant as date and time in Europe/Madrid. */
export function formatMadridTime(iso: string, locale: Locale): string {
  return madridTime[locale].format(new Date(iso));
}

/** A civil date ('YYYY-MM-DD') written out: "15 de diciembre de 2026". */
export function formatCivilDate(date: string, locale: Locale): string {
  return civilDate[locale].format(new Date(`${date}T00:00:00Z`));
}

/** A civil date ('YYYY-MM-DD') as the language writes a day in figures: 15/12/2026. */
export function formatCivilDay(date: string, locale: Locale): string {
  return civilDay[locale].format(new Date(`${date}T00:00:00Z`));
}
