import type { Activity, ActivityWrite } from '../api/activities';
import type { Msg } from '../components/messages';

/**
 * A fee paid in parts, as the activity form holds it: each part's share of the fee (a percent or
 * a weight, as typed: all parts one way, `PartsBy`) and its last day to pay online. No rows: one
 * payment, by the global deadline.
 */
export interface PartRow {
  /** Keeps React's rows apart. */
  key: number;
  percent: string;
  /** A whole number 1–1000 (180 € in weights 4, 3, 2: 80, 60 and 40 €). */
  weight: string;
  /** 'YYYY-MM-DD' from the date picker, '' when empty. */
  dueDate: string;
}
/** How the parts' shares are given: percentages adding up to 100, or weights. */
export type PartsBy = 'percent' | 'weight';
export type PartPart = 'percent' | 'weight' | 'dueDate';
/** A part's field as the error summary names it: `part.<row>.<percent|weight|dueDate>`. */
export type PartField = `part.${number}.${PartPart}`;
/** The editor as a whole (the shares' sum, how many, the 409 once someone paid). */
export type PartsField = 'parts';

/** As the contract allows (FeeParts' maxItems). */
export const PARTS_MAX = 12;
/** As the contract allows (FeePart.weight's maximum). */
export const WEIGHT_MAX = 1000;

let nextPartKey = 1;
export const partRow = (row: Partial<Omit<PartRow, 'key'>> = {}): PartRow => ({
  key: nextPartKey++,
  percent: '',
  weight: '',
  dueDate: '',
  ...row,
});

/** "4" → 4; null unless a whole number from 1 to 1000. */
export function parseWeight(text: string): number | null {
  const normalized = text.trim();
  if (!/^\d{1,4}$/.test(normalized)) return null;
  const weight = Number(normalized);
  return weight >= 1 && weight <= WEIGHT_MAX ? weight : null;
}

/** "33,33" or "33.33" → 3333 hundredths of a percent; null unless above 0, at most 100, two decimals. */
export function parsePercent(text: string): number | null {
  const normalized = text.trim().replace(',', '.');
  if (!/^(\d{1,3}(\.\d{0,2})?|\.\d{1,2})$/.test(normalized)) return null;
  const hundredths = Math.round(Number(normalized) * 100);
  return hundredths > 0 && hundredths <= 10_000 ? hundredths : null;
}

/** Hundredths of a percent as the form shows them: 5000 → "50", 3333 → "33,33" (es, gl). */
export function percentToText(hundredths: number, locale: string): string {
  const text = hundredths % 100 === 0 ? String(hundredths / 100) : (hundredths / 100).toFixed(2);
  return locale === 'en' ? text : text.replace('.', ',');
}

/** The sum of the shares typed so far (unreadable ones count 0), in hundredths of a percent. */
export function partsSum(rows: readonly PartRow[]): number {
  return rows.reduce((sum, row) => sum + (parsePercent(row.percent) ?? 0), 0);
}

const CIVIL_DATE = /^\d{4}-\d{2}-\d{2}$/;
function civilDate(text: string): string | null {
  if (!CIVIL_DATE.test(text)) return null;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) ? text : null;
}

/**
 * The parts, checked as the server checks them: each share readable (above 0, at most 100 %, two
 * decimals) and each last day a date, every day after the one before, not one part alone, at most
 * 12, and the shares adding up to 100 %. Returns the problems per field (`parts` for the whole).
 */
export function checkParts(
  rows: readonly PartRow[],
  by: PartsBy = 'percent',
): Partial<Record<PartField | PartsField, Msg>> {
  const problems: Partial<Record<PartField | PartsField, Msg>> = {};
  if (rows.length === 0) return problems;
  const put = (
    field: PartField | PartsField,
    id: string,
    values?: Record<string, string | number>,
  ) => {
    problems[field] ??= { id: `admin.activities.parts.${id}`, ...(values ? { values } : {}) };
  };
  if (rows.length > PARTS_MAX) put('parts', 'tooMany', { max: PARTS_MAX });
  if (rows.length === 1) put('parts', 'one');
  let before: string | null = null;
  rows.forEach((row, index) => {
    const part = index + 1;
    if (by === 'weight') {
      if (parseWeight(row.weight) === null)
        put(`part.${index}.weight`, 'weightInvalid', { part, max: WEIGHT_MAX });
    } else if (parsePercent(row.percent) === null)
      put(`part.${index}.percent`, 'percentInvalid', { part });
    const due = civilDate(row.dueDate.trim());
    if (!row.dueDate.trim()) put(`part.${index}.dueDate`, 'dueDateRequired', { part });
    else if (due === null) put(`part.${index}.dueDate`, 'dueDateInvalid', { part });
    else if (before !== null && due <= before)
      put(`part.${index}.dueDate`, 'order', { part, previous: part - 1 });
    if (due !== null) before = due;
  });
  if (by === 'weight') return problems;
  const readable = rows.every((row) => parsePercent(row.percent) !== null);
  const sum = partsSum(rows);
  if (readable && sum !== 10_000) put('parts', 'total', { sum: sum / 100 });
  return problems;
}

/** What the form sends: each part's percent or weight and last day ([] for one payment). */
export function partsPayload(
  rows: readonly PartRow[],
  by: PartsBy = 'percent',
): NonNullable<ActivityWrite['parts']> {
  return rows.map((row) =>
    by === 'weight'
      ? { weight: parseWeight(row.weight) ?? 0, due_date: row.dueDate.trim() }
      : { percent: (parsePercent(row.percent) ?? 0) / 100, due_date: row.dueDate.trim() },
  );
}

/** How an activity's parts are given (percent when it has none). */
export const partsByOf = (activity: Activity): PartsBy =>
  (activity.parts ?? []).some((part) => part.weight != null) ? 'weight' : 'percent';

/** An activity's parts as the form shows them. */
export function partsToForm(activity: Activity, locale: string): PartRow[] {
  return (activity.parts ?? []).map((part) =>
    partRow({
      percent: part.percent == null ? '' : percentToText(Math.round(part.percent * 100), locale),
      weight: part.weight == null ? '' : String(part.weight),
      dueDate: part.due_date,
    }),
  );
}

/** The form field a 422 item's `loc` (after "body") names, for the parts. */
export function partFieldOf(loc: readonly (string | number)[]): PartField | PartsField | null {
  const [name, index, part] = loc;
  if (name !== 'parts') return null;
  if (index === undefined) return 'parts';
  if (typeof index !== 'number') return null;
  if (part === 'percent') return `part.${index}.percent`;
  if (part === 'weight') return `part.${index}.weight`;
  if (part === 'due_date') return `part.${index}.dueDate`;
  return 'parts';
}

/** The 409 once someone paid: the editor shows the server's text. */
export function partsConflictField(code: string): PartsField | null {
  return code === 'parts_locked' ? 'parts' : null;
}
