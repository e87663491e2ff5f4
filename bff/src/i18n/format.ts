import type { Locale } from './locale.js';

const LOCALE_TAGS: Record<Locale, string> = { es: 'es-ES', en: 'en-GB', gl: 'gl-ES' };

/** Cents as the resident reads money in their language (12,50 € / €12.50). */
export function formatEuros(cents: number, locale: Locale): string {
  return new Intl.NumberFormat(LOCALE_TAGS[locale], { style: 'currency', currency: 'EUR' }).format(
    cents / 100,
  );
}

/** An instant as date and time in Europe/Madrid. */
export function formatMadridTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
    timeZone: 'Europe/Madrid',
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** A civil date ('YYYY-MM-DD') written out: "15 de diciembre de 2026". */
export function formatCivilDate(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
    timeZone: 'UTC',
    dateStyle: 'long',
  }).format(new Date(`${date}T00:00:00Z`));
}
