import { addDays } from '../../lib/madrid-date.js';

/** 15/10/2026 from 2026-10-15. */
export const dayMonthYear = (day: string) =>
  `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/**
 * The first day a remittance may be collected: the next business day (Monday to Friday) after
 * today, the bank's D-1 (TARGET holidays are the bank's to move).
 */
export function firstCollectionDay(today: string): string {
  let day = addDays(today, 1);
  while ([0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay())) day = addDays(day, 1);
  return day;
}

/** The first day of the season `day` falls in (1 September). */
export const seasonStart = (day: string) =>
  Number(day.slice(5, 7)) >= 9
    ? `${day.slice(0, 4)}-09-01`
    : `${Number(day.slice(0, 4)) - 1}-09-01`;
