/**
 * What every sign-in form shares, and the login form's rules, as pure functions. Each rule
 * returns the message id of the first broken rule per field (ids live in
 * messages/<locale>/auth.json). The registration and recovery rules are in signup-validation.ts,
 * which only those screens load.
 */

import type { FieldErrors } from '../../lib/forms/field-errors';

/** Every string value trimmed (the spec: "values are trimmed"). */
export function trimAll<T extends Record<string, string>>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()])) as T;
}

/** The errors without the fields that have none. */
export function clean<F extends string>(errors: Record<F, string | undefined>): FieldErrors<F> {
  return Object.fromEntries(Object.entries(errors).filter(([, id]) => id)) as FieldErrors<F>;
}

// Login ---------------------------------------------------------------------------------------

export interface LoginValues {
  dni: string;
  password: string;
}

/** Login: DNI and password are required ('field required'). */
export function validateLogin(values: LoginValues): FieldErrors<keyof LoginValues> {
  const { dni, password } = trimAll({ ...values });
  return clean({
    dni: dni === '' ? 'auth.error.dniRequired' : undefined,
    password: password === '' ? 'auth.error.passwordRequired' : undefined,
  });
}
