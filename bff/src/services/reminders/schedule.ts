import type { ConfigRow } from '../../data/config-repo.js';
import { addDays, daysBetween } from '../../lib/madrid-date.js';

export type NotDueReason =
  | 'reminders_disabled'
  | 'payments_disabled'
  | 'no_deadline'
  | 'deadline_expired'
  | 'not_a_reminder_day';

export interface ReminderDay {
  /** Today (Europe/Madrid) is one of the configured days before the deadline. */
  due: boolean;
  /**
   * Today is one of the configured days before some fee part's own last day (a fee in parts
   * follows its parts' days, not the global deadline): whoever owes that part is reminded.
   */
  partsDue: boolean;
  /** Why the global deadline's reminders do not go today (null: they do, or a part's do). */
  reason: NotDueReason | null;
  /** The next day after today on which reminders go out, if any. */
  nextDate: string | null;
}

/** Whether today is `reminder_days` before `lastDay` (a day after today). */
export const isReminderDay = (config: ConfigRow, today: string, lastDay: string): boolean =>
  lastDay > today && config.reminder_days.includes(daysBetween(today, lastDay));

/**
 * Whether today's reminders go out. Civil dates only: the reminder day is "deadline minus N
 * days" on the calendar of Europe/Madrid, whatever the clock did in between. `partDays` are the
 * last days of the parts of fees in parts: each is reminded of like a deadline of its own.
 */
export function reminderDay(
  config: ConfigRow,
  today: string,
  partDays: readonly string[] = [],
): ReminderDay {
  const deadline = config.deadline_date;
  const lastDays = deadline === null ? partDays : [deadline, ...partDays];
  const nextDate = config.reminders_enabled
    ? (lastDays
        .flatMap((last) => config.reminder_days.map((d) => addDays(last, -d)))
        .filter((date) => date > today)
        .sort()[0] ?? null)
    : null;
  const partsDue =
    config.reminders_enabled &&
    config.payments_enabled &&
    partDays.some((last) => isReminderDay(config, today, last));
  const result = (reason: NotDueReason | null): ReminderDay => ({
    due: reason === null,
    partsDue,
    reason: partsDue ? null : reason,
    nextDate: config.payments_enabled ? nextDate : null,
  });
  if (!config.reminders_enabled) return result('reminders_disabled');
  if (!config.payments_enabled) return result('payments_disabled');
  if (deadline === null) return result('no_deadline');
  if (today >= deadline) return result('deadline_expired');
  if (!config.reminder_days.includes(daysBetween(today, deadline))) {
    return result('not_a_reminder_day');
  }
  return result(null);
}
