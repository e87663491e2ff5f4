import type { ConfigRow } from '../../data/config-repo.js';
import type { PendingLine } from '../../data/reminders-repo.js';
import { parseParts, splitEnrolledFee } from '../fees/parts.js';
import { feeCents, personName, type PartReminder, type RuleFees } from './reminder-message.js';
import { isReminderDay } from './schedule.js';

/** A fee paid at once (no parts): it follows the global deadline. */
export const isWhole = (line: PendingLine): boolean => parseParts(line.parts).length === 0;

/** The last days of the parts of fees in parts (as stored on their activities), each once. */
export const partDaysOf = (stored: string[]): string[] => [
  ...new Set(stored.flatMap((json) => parseParts(json).map((part) => part.due_date))),
];

/**
 * The unpaid parts of a fee in parts whose last day is reminded of today, by number. None once an
 * earlier unpaid part's day has passed: the later ones cannot be paid online before it, and the
 * council has to be asked.
 */
export function partsRemindedToday(line: PendingLine, config: ConfigRow, today: string): number[] {
  const unpaid = parseParts(line.parts)
    .map((part, index) => ({ ...part, number: index + 1 }))
    .filter((part) => part.number > line.parts_paid);
  if (unpaid.some((part) => part.due_date < today)) return [];
  return unpaid.flatMap((part) =>
    isReminderDay(config, today, part.due_date) ? [part.number] : [],
  );
}

/**
 * The parts reminded of today (`numbers` of each line), each with its amount: its share of the
 * person's fee as fees/parts.ts splits it (the last part takes the rounding, and what the fee
 * changed by since the first parts were paid).
 */
export function partsWithAmounts(
  lines: PendingLine[],
  numbers: (line: PendingLine) => number[],
  fees: RuleFees,
): PartReminder[] {
  return lines.flatMap((line) => {
    const wanted = numbers(line);
    return splitEnrolledFee({ ...line, is_paid: 0 }, feeCents(line, fees))
      .filter((part) => wanted.includes(part.number))
      .map((part) => ({
        enrolment_id: line.enrolment_id,
        person: personName(line),
        activity: line.activity_name,
        number: part.number,
        of: part.of,
        due_date: part.due_date,
        cents: part.amount_cents,
      }));
  });
}
