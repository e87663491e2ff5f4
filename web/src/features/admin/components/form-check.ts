/**
 * What every admin section's form rules share: the outcome of a form check and its small
 * helpers. Each section's own rules live beside it (users/rules.ts, enrolments/rules.ts, …).
 */
import type { FieldErrors, MessageId } from '../../../lib/forms/field-errors';
import type { Msg } from './messages';

/**
 * Outcome of a form check. `summary` is the form-level message shown at the top of the error
 * summary (e.g. "complete all required fields"); `payload` is what to send when there is no error.
 * `details` are field errors whose message names values (e.g. the ages a price band leaves out).
 */
export type FormCheck<F extends string, P> =
  | { ok: true; payload: P }
  | {
      ok: false;
      errors: FieldErrors<F>;
      summary: MessageId | null;
      details?: Partial<Record<F, Msg>>;
    };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function looksLikeEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

export function formResult<F extends string, P>(
  errors: FieldErrors<F>,
  summary: MessageId | null,
  payload: () => P,
  details: Partial<Record<F, Msg>> = {},
): FormCheck<F, P> {
  if (Object.keys(errors).length === 0 && Object.keys(details).length === 0) {
    return { ok: true, payload: payload() };
  }
  return Object.keys(details).length > 0
    ? { ok: false, errors, summary, details }
    : { ok: false, errors, summary };
}

export function trimAll<T extends Record<string, string>>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as T;
}
