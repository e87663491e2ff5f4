import { addDays, madridWallClock } from '../../lib/madrid-date.js';

/** Milliseconds Madrid is ahead of UTC at an instant (an hour in winter, two in summer). */
const madridOffsetMs = (at: number): number =>
  madridWallClock(at).getTime() - Math.floor(at / 1000) * 1000;

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
