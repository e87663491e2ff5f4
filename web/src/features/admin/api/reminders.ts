import { api } from '../../../lib/api/client';
import { toResult, type Schemas } from './result';

export type ReminderSummary = Schemas['ReminderSummary'];
export type ReminderRunResult = Schemas['ReminderRunResult'];

export function getReminderSummary() {
  return toResult(api.GET('/admin/reminders'));
}

export function runReminders() {
  return toResult(api.POST('/admin/reminders/run'));
}
