import type { FieldErrors } from '../../../lib/forms/field-errors';
import type { RefusalReasonCode } from '../api/circumstances';
import { formResult, type FormCheck } from '../components/form-check';

const CIVIL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD' plus whole months (the day kept, or the month's last when it has fewer days). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(date, last));
  return target.toISOString().slice(0, 10);
}

/** An approval needs the last day it is in force. */
export function checkApproval(validUntil: string): FormCheck<'validUntil', string> {
  const errors: FieldErrors<'validUntil'> = {};
  const day = validUntil.trim();
  if (!day) errors.validUntil = 'admin.requests.required.validUntil';
  else if (!CIVIL_DATE.test(day)) errors.validUntil = 'admin.requests.invalidDate';
  return formResult(errors, null, () => day);
}

export type RefusalField = 'reasonCode' | 'reason';
export const REASON_MAX = 500;

/** A refusal says why: one of the usual reasons, a text of its own (500 at most), or both. */
export function checkRefusal(values: {
  reasonCode: RefusalReasonCode | '';
  reason: string;
}): FormCheck<RefusalField, { reason_code: RefusalReasonCode | null; reason: string | null }> {
  const errors: FieldErrors<RefusalField> = {};
  const reason = values.reason.trim();
  if (!values.reasonCode && !reason) errors.reasonCode = 'admin.requests.required.reason';
  if (reason.length > REASON_MAX) errors.reason = 'admin.requests.reasonTooLong';
  return formResult(errors, null, () => ({
    reason_code: values.reasonCode || null,
    reason: reason || null,
  }));
}
