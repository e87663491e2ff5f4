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
