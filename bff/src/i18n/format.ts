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

/** A civil date ('YYYY-MM-DD') as the language writes a day in figures: 15/12/2026. */
export function formatCivilDay(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
    timeZone: 'UTC',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(`${date}T00:00:00Z`));
}
