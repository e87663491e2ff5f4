import { formatDate, TIME_ZONE as ZONE } from '@portal/design-system/lib/format.ts';
import type { Locale } from '../i18n/locales';

/**
 * Moments as a council's staff and residents read them: Europe/Madrid wall-clock time, whatever
 * the device's own zone. The forms' `datetime-local` inputs hold Madrid time; the wire holds UTC.
 */

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** 'YYYY-MM-DDTHH:mm' in Madrid at this instant. */
export function isoToMadridLocal(iso: string): string {
  const p = Object.fromEntries(parts.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** Today's civil date in Madrid ('YYYY-MM-DD'), as the server counts days. */
export const madridToday = (): string => isoToMadridLocal(new Date().toISOString()).slice(0, 10);

/**
 * A Madrid wall-clock time ('YYYY-MM-DDTHH:mm') as a UTC ISO instant, or null when not one. The
 * zone's offset is found by asking what Madrid's clock reads at a first guess and correcting.
 */
export function madridLocalToIso(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as number[];
  const wanted = Date.UTC(y!, mo! - 1, d!, h!, mi!);
  if (Number.isNaN(wanted)) return null;
  let guess = wanted;
  for (let i = 0; i < 2; i++) {
    const seen = Date.parse(`${isoToMadridLocal(new Date(guess).toISOString())}:00Z`);
    guess += wanted - seen;
  }
  return new Date(guess).toISOString();
}

const clock = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * An instant as a resident reads it: "15 de diciembre de 2026, 23:59". The date as every screen
 * writes dates (the design system's formatDate, with its fallback where a browser lacks a
 * language's data) and the time on a 24-hour clock, so no connecting word of another language
 * slips in.
 */
export function formatMadridDateTime(iso: string, locale: Locale): string {
  return `${formatDate(iso, locale, 'long')}, ${clock.format(new Date(iso))}`;
}

/** An instant as a table cell holds it: "01/12/2026 09:00" (Madrid), never wrapped inside. */
export function formatMadridDateTimeShort(iso: string, locale: Locale): string {
  return `${formatDate(iso, locale, 'short')} ${clock.format(new Date(iso))}`;
}
