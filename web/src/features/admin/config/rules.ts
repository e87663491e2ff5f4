import type { FieldErrors } from '../../../lib/forms/field-errors';
import { formResult, type FormCheck } from '../components/form-check';

/** 12.5 (%) → 0.125: percent / 100 rounded to 3 decimals (the contract's precision). */
export function percentToFraction(percent: number): number {
  return Math.round(percent * 10) / 1000;
}

/** 0.125 → 12.5 (%), to one decimal. */
export function fractionToPercent(fraction: number): number {
  return Math.round(fraction * 1000) / 10;
}

/** The typed percent as a number from 0 to 100 inclusive, else null. */
export function parsePercent(text: string): number | null {
  const normalized = text.trim().replace(',', '.');
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(normalized)) return null;
  const value = Number(normalized);
  return value >= 0 && value <= 100 ? value : null;
}

export type ConfigField = 'discount' | 'deadline' | 'reminderDays';
export type ReminderChannel = 'sms' | 'email' | 'both';
/** The council's rule for places left when the next group of siblings does not fit them. */
export type JointFit = 'next_fits' | 'wait_for_group';
export const JOINT_FITS: readonly JointFit[] = ['next_fits', 'wait_for_group'];
export interface ConfigFormValues {
  maintenanceMode: boolean;
  paymentsEnabled: boolean;
  /** Percent as typed (0-100). */
  discount: string;
  /** 'YYYY-MM-DD' or '' (no deadline). */
  deadline: string;
  remindersEnabled: boolean;
  /** Days before the deadline as typed: "7, 1". */
  reminderDays: string;
  reminderChannel: ReminderChannel;
  jointFit: JointFit;
  /** Residents may choose Bizum in the pay bar. */
  bizumEnabled: boolean;
}

export interface ConfigPayload {
  maintenance_mode: boolean;
  payments_enabled: boolean;
  global_discount: number;
  deadline_date: string | null;
  reminders_enabled: boolean;
  reminder_days: number[];
  reminder_channel: ReminderChannel;
  joint_fit: JointFit;
  bizum_enabled: boolean;
}

export const MAX_REMINDER_DAY = 60;

/**
 * "7, 1" → [7, 1]: whole days from 1 to 60, each once, ten at most, separated by commas or
 * spaces; anything else → null. Empty is allowed only while reminders are off.
 */
export function parseReminderDays(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (parts.length > 10 || parts.some((part) => !/^\d{1,2}$/.test(part))) return null;
  const days = parts.map(Number);
  if (days.some((d) => d < 1 || d > MAX_REMINDER_DAY) || new Set(days).size !== days.length) {
    return null;
  }
  return days.sort((a, b) => b - a);
}

export function configToForm(config: ConfigPayload): ConfigFormValues {
  return {
    maintenanceMode: config.maintenance_mode,
    paymentsEnabled: config.payments_enabled,
    discount: String(fractionToPercent(config.global_discount)),
    deadline: config.deadline_date ?? '',
    remindersEnabled: config.reminders_enabled,
    reminderDays: config.reminder_days.join(', '),
    reminderChannel: config.reminder_channel,
    jointFit: config.joint_fit,
    bizumEnabled: config.bizum_enabled,
  };
}

/** The discount must be 0-100 % ('El descuento debe estar entre 0 y 100%'); empty date → null. */
export function checkConfigForm(v: ConfigFormValues): FormCheck<ConfigField, ConfigPayload> {
  const errors: FieldErrors<ConfigField> = {};
  const percent = parsePercent(v.discount);
  if (percent === null) errors.discount = 'admin.config.discountRange';
  const days = parseReminderDays(v.reminderDays);
  if (days === null || (v.remindersEnabled && days.length === 0)) {
    errors.reminderDays = 'admin.config.reminderDaysInvalid';
  }
  return formResult(errors, null, () => ({
    maintenance_mode: v.maintenanceMode,
    payments_enabled: v.paymentsEnabled,
    global_discount: percentToFraction(percent ?? 0),
    deadline_date: v.deadline.trim() || null,
    reminders_enabled: v.remindersEnabled,
    reminder_days: days ?? [],
    reminder_channel: v.reminderChannel,
    joint_fit: v.jointFit,
    bizum_enabled: v.bizumEnabled,
  }));
}
