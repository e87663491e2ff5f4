import { addDays } from '../../lib/madrid-date.js';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Minutes Madrid is ahead of UTC at an instant (60 in winter, 120 in summer). */
function madridOffsetMs(at: number): number {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
  const local = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return local - Math.floor(at / 1000) * 1000;
}

/** The UTC instant (ISO) of 00:00 in Madrid on a civil date. Spain changes clocks at 02:00/03:00, so midnight always exists once. */
export function madridMidnightUtc(civilDate: string): string {
  const [y, m, d] = civilDate.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  let instant = guess - madridOffsetMs(guess);
  instant = guess - madridOffsetMs(instant);
  return new Date(instant).toISOString();
}

/** created_at bounds (UTC ISO, from inclusive, to exclusive) for civil dates in Madrid, both inclusive. */
export function madridDateRange(from?: string, to?: string): { fromUtc?: string; toUtc?: string } {
  return {
    ...(from ? { fromUtc: madridMidnightUtc(from) } : {}),
    ...(to ? { toUtc: madridMidnightUtc(addDays(to, 1)) } : {}),
  };
}
