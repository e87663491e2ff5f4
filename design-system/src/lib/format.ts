import { INTL_LOCALE, intlLocale, TIME_ZONE, type Locale } from './locales.ts';

export { INTL_LOCALE, intlLocale, LOCALES, TIME_ZONE, type Locale } from './locales.ts';

const CIVIL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * CLDR's Galician month names (format, wide), for a runtime that formats Galician with Spanish
 * data: the long date's pattern is the same in both ("5 de xaneiro de 2026"), only the month
 * differs. Twelve words rather than a 100 KB Intl polyfill and its time-zone data.
 */
const GALICIAN_MONTHS = [
  'xaneiro',
  'febreiro',
  'marzo',
  'abril',
  'maio',
  'xuño',
  'xullo',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'decembro',
];

/** Rounds to cents, avoiding binary artefacts (1.005 -> 1.01). */
export function roundCents(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}

/**
 * Building an Intl formatter costs far more than using one, and a table formats every amount and
 * date on each render: each one is built once per language and kept.
 */
function cached<F>(cache: Map<string, F>, key: string, build: () => F): F {
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = build();
    cache.set(key, formatter);
  }
  return formatter;
}
const euroFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** `12.5` -> `12,50 €` (es), `€12.50` (en), `12,50 €` (gl). Always two decimals. */
export function formatEuros(amount: number, locale: Locale): string {
  const tag = intlLocale(locale);
  const format = cached(
    euroFormats,
    tag,
    () =>
      new Intl.NumberFormat(tag, {
        style: 'currency',
        currency: 'EUR',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
  );
  return format.format(roundCents(amount));
}

export type DateStyle = 'short' | 'long';

const DATE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  short: { day: '2-digit', month: '2-digit', year: 'numeric' },
  long: { day: 'numeric', month: 'long', year: 'numeric' },
};

/**
 * Formats a civil date. `'YYYY-MM-DD'` is read as that calendar day with no time-zone shift;
 * a full ISO date-time is shown as its calendar day in Europe/Madrid. An unparseable value is
 * returned unchanged so a bad record never breaks a screen.
 *
 * `formatDate('2026-01-05', 'es')` -> `05/01/2026`; with `'long'` -> `5 de enero de 2026`.
 */
export function formatDate(isoDate: string, locale: Locale, style: DateStyle = 'short'): string {
  const civil = CIVIL_DATE.exec(isoDate);
  let instant: number;
  let timeZone: string;
  if (civil) {
    const [, y, m, d] = civil;
    instant = Date.UTC(Number(y), Number(m) - 1, Number(d));
    const check = new Date(instant);
    if (check.getUTCMonth() !== Number(m) - 1 || check.getUTCDate() !== Number(d)) return isoDate;
    timeZone = 'UTC';
  } else {
    instant = Date.parse(isoDate);
    if (Number.isNaN(instant)) return isoDate;
    timeZone = TIME_ZONE;
  }
  const tag = intlLocale(locale);
  const formatter = (key: string, options: Intl.DateTimeFormatOptions) =>
    cached(
      dateFormats,
      `${tag}/${key}/${timeZone}`,
      () => new Intl.DateTimeFormat(tag, { ...options, timeZone }),
    );
  const format = formatter(style, DATE_OPTIONS[style]);
  if (locale !== 'gl' || tag !== INTL_LOCALE.es || style !== 'long') return format.format(instant);
  const month = Number(formatter('month', { month: 'numeric' }).format(instant)) - 1;
  return format
    .formatToParts(instant)
    .map((part) => (part.type === 'month' ? GALICIAN_MONTHS[month] : part.value))
    .join('');
}
