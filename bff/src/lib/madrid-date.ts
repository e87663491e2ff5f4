const formatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The civil date in Europe/Madrid ('YYYY-MM-DD') at an instant. */
export function madridDate(at: Date): string {
  return formatter.format(at);
}

/** Valid 'YYYY-MM-DD' calendar date (rejects 2026-02-30). */
export function isCivilDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** Whole calendar days from one civil date to another (a clock change is not a day). */
export function daysBetween(from: string, to: string): number {
  return Math.round(dayNumber(to) - dayNumber(from));
}

/** The civil date some calendar days after (or before, when negative) another. */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The civil date some calendar months after another, on the same day of the month or, when that
 * month is shorter, on its last day (31 January + 1 month = 28 or 29 February).
 */
export function addMonths(date: string, months: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0),
  ).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return first.toISOString().slice(0, 10);
}

/** The hour (0-23) of an instant in Europe/Madrid. */
export function madridHour(at: Date): number {
  return Number(madridDateTime(at).hour.slice(0, 2));
}

/** Madrid's wall clock to the second, one formatter for every reading of it. */
const wallClockFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * An instant in Europe/Madrid as Redsys writes it: date `DD/MM/YYYY`, hour `HH:MM`, plus the
 * year and month as numbers (card expiry checks).
 */
export function madridDateTime(at: Date) {
  const parts = wallClockFormat.formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    date: `${get('day')}/${get('month')}/${get('year')}`,
    hour: `${get('hour')}:${get('minute')}`,
  };
}

/**
 * An instant as a spreadsheet cell holds it: a Date whose UTC fields are Madrid's wall clock
 * (a cell has no time zone; exceljs writes a Date's UTC fields, so staff read Madrid time).
 */
export function madridWallClock(at: Date | number): Date {
  const parts = Object.fromEntries(
    wallClockFormat.formatToParts(at).map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  return new Date(
    Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!),
  );
}
