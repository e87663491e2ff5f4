/**
 * The admin panel's rules as pure functions (spec sections 4, 5 and 9): form checks that return
 * message ids per field plus the payload to send, the discount percent ↔ fraction mapping, the
 * search filters and pagination. Screens only render what these return.
 */

/** A message id of admin.json. */
export type MessageId = string;

export type FieldErrors<F extends string> = Partial<Record<F, MessageId>>;

/**
 * Outcome of a form check. `summary` is the form-level message shown at the top of the error
 * summary (e.g. "complete all required fields"); `payload` is what to send when there is no error.
 */
export type FormCheck<F extends string, P> =
  { ok: true; payload: P } | { ok: false; errors: FieldErrors<F>; summary: MessageId | null };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_MIN_LENGTH = 8;

export function looksLikeEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

function result<F extends string, P>(
  errors: FieldErrors<F>,
  summary: MessageId | null,
  payload: () => P,
): FormCheck<F, P> {
  return Object.keys(errors).length === 0
    ? { ok: true, payload: payload() }
    : { ok: false, errors, summary };
}

// ---------------------------------------------------------------- users

export type UserField = 'dni' | 'phone' | 'email' | 'password' | 'repeatPassword';
export type UserFormValues = Record<UserField, string>;
export type UserFormMode = 'create' | 'edit';

export interface UserPayload {
  dni: string;
  phone: string;
  email: string | null;
  password?: string;
  repeat_password?: string;
}

export const emptyUserForm: UserFormValues = {
  dni: '',
  phone: '',
  email: '',
  password: '',
  repeatPassword: '',
};

/**
 * dni, phone and (on create) password are required → 'complete_all_required_fields'; a non-empty
 * email must look like an address → 'invalid_email'; passwords must match →
 * 'passwords_do_not_match'. Values are trimmed. On edit an empty password keeps the current one,
 * so it is only sent when filled.
 */
export function checkUserForm(
  raw: UserFormValues,
  mode: UserFormMode,
): FormCheck<UserField, UserPayload> {
  const v = trimAll(raw);
  const errors: FieldErrors<UserField> = {};
  let missing = false;
  if (!v.dni) {
    errors.dni = 'admin.users.required.dni';
    missing = true;
  }
  if (!v.phone) {
    errors.phone = 'admin.users.required.phone';
    missing = true;
  }
  if (v.email && !looksLikeEmail(v.email)) errors.email = 'admin.msg.invalid_email';
  if (mode === 'create' && !v.password) {
    errors.password = 'admin.users.required.password';
    missing = true;
  } else if (v.password && v.password.length < PASSWORD_MIN_LENGTH) {
    errors.password = 'admin.users.passwordTooShort';
  }
  if (v.password !== v.repeatPassword) errors.repeatPassword = 'admin.msg.passwords_do_not_match';

  return result(errors, missing ? 'admin.msg.complete_all_required_fields' : null, () => ({
    dni: v.dni.toUpperCase(),
    phone: v.phone,
    email: v.email || null,
    ...(v.password ? { password: v.password, repeat_password: v.repeatPassword } : {}),
  }));
}

// ---------------------------------------------------------------- enrolments

export type EnrolmentField = 'firstName' | 'lastName' | 'dni' | 'email' | 'phone';
export type EnrolmentFormValues = Record<EnrolmentField, string> & { activityIds: string[] };

export interface EnrolmentPayload {
  first_name: string;
  last_name: string;
  dni: string;
  email: string | null;
  phone: string;
  activity_ids: number[];
}

export const emptyEnrolmentForm: EnrolmentFormValues = {
  firstName: '',
  lastName: '',
  dni: '',
  email: '',
  phone: '',
  activityIds: [],
};

/**
 * first name, last name, dni and phone are required ('Por favor, completa todos los campos
 * obligatorios'); an empty email is sent as null.
 */
export function checkEnrolmentForm(
  raw: EnrolmentFormValues,
): FormCheck<EnrolmentField, EnrolmentPayload> {
  const { activityIds, ...texts } = raw;
  const v = trimAll(texts);
  const errors: FieldErrors<EnrolmentField> = {};
  if (!v.firstName) errors.firstName = 'admin.enrolments.required.firstName';
  if (!v.lastName) errors.lastName = 'admin.enrolments.required.lastName';
  if (!v.dni) errors.dni = 'admin.enrolments.required.dni';
  if (!v.phone) errors.phone = 'admin.enrolments.required.phone';
  const missing = Object.keys(errors).length > 0;
  return result(errors, missing ? 'admin.enrolments.completeRequired' : null, () => ({
    first_name: v.firstName,
    last_name: v.lastName,
    dni: v.dni.toUpperCase(),
    email: v.email || null,
    phone: v.phone,
    activity_ids: activityIds.map(Number),
  }));
}

// ---------------------------------------------------------------- activities

export type ActivityField = 'name' | 'price' | 'startDate';
export type ActivityFormValues = Record<ActivityField, string>;

export interface ActivityPayload {
  name: string;
  price: number;
  start_date: string | null;
}

export const emptyActivityForm: ActivityFormValues = { name: '', price: '', startDate: '' };

export const PRICE_MAX = 100_000;

/** "12,5" or "12.50" → 12.5 (rounded to the cent); null when not a number from 0 to PRICE_MAX. */
export function parsePrice(text: string): number | null {
  const normalized = text.trim().replace(',', '.');
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(normalized)) return null;
  const value = Number(normalized);
  if (!Number.isFinite(value) || value < 0 || value > PRICE_MAX) return null;
  return Math.round(value * 100) / 100;
}

/** Price as the form shows it: 85.5 → "85,50" (es, gl) or "85.50" (en). */
export function priceToText(price: number, locale: string): string {
  const text = price.toFixed(2);
  return locale === 'en' ? text : text.replace('.', ',');
}

/** name and price are required ('complete_all_required_fields'); the price is a number ≥ 0. */
export function checkActivityForm(
  raw: ActivityFormValues,
): FormCheck<ActivityField, ActivityPayload> {
  const v = trimAll(raw);
  const errors: FieldErrors<ActivityField> = {};
  let missing = false;
  if (!v.name) {
    errors.name = 'admin.activities.required.name';
    missing = true;
  }
  const price = parsePrice(v.price);
  if (!v.price) {
    errors.price = 'admin.activities.required.price';
    missing = true;
  } else if (price === null) {
    errors.price = 'admin.activities.invalidPrice';
  }
  return result(errors, missing ? 'admin.msg.complete_all_required_fields' : null, () => ({
    name: v.name,
    price: price ?? 0,
    start_date: v.startDate || null,
  }));
}

// ---------------------------------------------------------------- configuration

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
}

export interface ConfigPayload {
  maintenance_mode: boolean;
  payments_enabled: boolean;
  global_discount: number;
  deadline_date: string | null;
  reminders_enabled: boolean;
  reminder_days: number[];
  reminder_channel: ReminderChannel;
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
  return result(errors, null, () => ({
    maintenance_mode: v.maintenanceMode,
    payments_enabled: v.paymentsEnabled,
    global_discount: percentToFraction(percent ?? 0),
    deadline_date: v.deadline.trim() || null,
    reminders_enabled: v.remindersEnabled,
    reminder_days: days ?? [],
    reminder_channel: v.reminderChannel,
  }));
}

// ---------------------------------------------------------------- upload

/** No file → 'please_select_file'; a name not ending in .xlsx → 'invalid_file_type'. */
export function checkUploadFile(file: File | null | undefined): MessageId | null {
  if (!file) return 'admin.msg.please_select_file';
  if (!file.name.toLowerCase().endsWith('.xlsx')) return 'admin.msg.invalid_file_type';
  return null;
}

export interface RowError {
  row: number | string;
  column: string | null;
  msg: string;
}

/**
 * The row-by-row errors of a rejected upload (422 `invalid_rows`, detail items with
 * loc [sheet row, column header]), or null when the error is of another kind.
 */
export function uploadRowErrors(error: unknown): RowError[] | null {
  const body = error as { code?: unknown; detail?: unknown } | null | undefined;
  if (body?.code !== 'invalid_rows' || !Array.isArray(body.detail)) return null;
  return body.detail.map((item: { loc?: unknown; msg?: unknown }) => {
    const loc = Array.isArray(item?.loc) ? item.loc : [];
    const row = typeof loc[0] === 'number' || typeof loc[0] === 'string' ? loc[0] : '?';
    const column = loc[1] === undefined || loc[1] === null ? null : String(loc[1]);
    return { row, column, msg: typeof item?.msg === 'string' ? item.msg : '' };
  });
}

// ---------------------------------------------------------------- search and pages

function trimAll<T extends Record<string, string>>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as T;
}
