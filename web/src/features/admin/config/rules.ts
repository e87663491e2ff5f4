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

export type ConfigField =
  'discount' | 'deadline' | 'reminderDays' | 'directDebitEnabled' | 'noticeDays' | 'returnFee';
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
  /** Residents may sign a mandate and have fees collected by direct debit. */
  directDebitEnabled: boolean;
  /** Days of pre-notification before a debit, as typed (1 to 60). */
  noticeDays: string;
  /** The ordinance's fee on a returned debit, euros as typed ("6,50"). */
  returnFee: string;
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
  direct_debit_enabled: boolean;
  direct_debit_notice_days: number;
  /** Euros. */
  direct_debit_return_fee: number;
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

export const MAX_NOTICE_DAYS = 60;
export const MAX_RETURN_FEE = 100;

/** "14" → 14: a whole number of days from 1 to 60, else null. */
export function parseNoticeDays(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,2}$/.test(trimmed)) return null;
  const days = Number(trimmed);
  return days >= 1 && days <= MAX_NOTICE_DAYS ? days : null;
}

/** "6,50" or "6.5" → 6.5: euros from 0 to 100 with cents at most, else null. */
export function parseReturnFee(text: string): number | null {
  const normalized = text.trim().replace(',', '.');
  if (!/^(\d{1,3}(\.\d{0,2})?|\.\d{1,2})$/.test(normalized)) return null;
  const euros = Number(normalized);
  return euros <= MAX_RETURN_FEE ? Math.round(euros * 100) / 100 : null;
}

/** The fee as the form shows it: 6.5 → "6,50" (es, gl) or "6.50" (en); 0 → "0". */
export function returnFeeToText(euros: number, locale: string): string {
  if (euros === 0) return '0';
  const text = euros.toFixed(2);
  return locale === 'en' ? text : text.replace('.', ',');
}

/**
 * The server's 422 items on the direct debit fields (`loc: [body, <field>]`), which it alone can
 * refuse for a reason of its own (no creditor data); others stay the form's notice.
 */
export function configFieldOf(loc: readonly (string | number)[]): ConfigField | null {
  const fields: Record<string, ConfigField> = {
    direct_debit_enabled: 'directDebitEnabled',
    direct_debit_notice_days: 'noticeDays',
    direct_debit_return_fee: 'returnFee',
  };
  return typeof loc[0] === 'string' ? (fields[loc[0]] ?? null) : null;
}

export function configToForm(config: ConfigPayload, locale = 'es'): ConfigFormValues {
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
    directDebitEnabled: config.direct_debit_enabled,
    noticeDays: String(config.direct_debit_notice_days),
    returnFee: returnFeeToText(config.direct_debit_return_fee, locale),
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
  const noticeDays = parseNoticeDays(v.noticeDays);
  if (noticeDays === null) errors.noticeDays = 'admin.config.noticeDaysInvalid';
  const returnFee = parseReturnFee(v.returnFee);
  if (returnFee === null) errors.returnFee = 'admin.config.returnFeeInvalid';
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
    direct_debit_enabled: v.directDebitEnabled,
    direct_debit_notice_days: noticeDays ?? 14,
    direct_debit_return_fee: returnFee ?? 0,
  }));
}
