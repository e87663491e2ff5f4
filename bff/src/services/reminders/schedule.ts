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
  reason: NotDueReason | null;
  /** The next day after today on which reminders go out, if any. */
  nextDate: string | null;
}

/**
 * Whether today's reminders go out. Civil dates only: the reminder day is "deadline minus N
 * days" on the calendar of Europe/Madrid, whatever the clock did in between.
 */
export function reminderDay(config: ConfigRow, today: string): ReminderDay {
  const deadline = config.deadline_date;
  const nextDate =
    config.reminders_enabled && deadline !== null
      ? (config.reminder_days
          .map((d) => addDays(deadline, -d))
          .filter((date) => date > today)
          .sort()[0] ?? null)
      : null;
  const result = (reason: NotDueReason | null): ReminderDay => ({
    due: reason === null,
    reason,
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
