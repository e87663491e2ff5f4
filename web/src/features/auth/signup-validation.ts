/**
 * The rules of the registration and recovery forms as pure functions. Each returns the message
 * id of the first broken rule per field (ids live in messages/<locale>/access.json).
 */
import { type FieldErrors } from '../../lib/forms/field-errors';
import { clean, trimAll } from './validation';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PHONE_DIGITS = 9;
export const PHONE_PREFIX = '34';
export const CODE_DIGITS = 6;

/** Something@something.tld, no spaces: enough to catch typos; the server checks the rest. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = new RegExp(`^\\d{${PHONE_DIGITS}}$`);
const CODE = new RegExp(`^\\d{${CODE_DIGITS}}$`);

export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}

/** A phone as the forms take it: exactly the 9 digits, no prefix. */
export function isPhoneDigits(value: string): boolean {
  return PHONE.test(value);
}

/** A one-time code as the forms take it: exactly the 6 digits. */
export function isCode(value: string): boolean {
  return CODE.test(value);
}

function passwordError(password: string): string | undefined {
  if (password === '') return 'auth.error.passwordRequired';
  if (password.length < PASSWORD_MIN) return 'auth.error.passwordTooShort';
  if (password.length > PASSWORD_MAX) return 'auth.error.passwordTooLong';
  return undefined;
}

function repeatError(password: string, repeat: string): string | undefined {
  if (repeat === '') return 'auth.error.repeatRequired';
  if (repeat !== password) return 'auth.error.passwordsDoNotMatch';
  return undefined;
}

function codeError(code: string): string | undefined {
  if (code === '') return 'auth.error.codeRequired';
  if (!CODE.test(code)) return 'auth.error.codeInvalid';
  return undefined;
}

// Registration --------------------------------------------------------------------------------

export interface RegistrationValues {
  dni: string;
  phone: string;
  email: string;
  password: string;
  repeatPassword: string;
}

export const emptyRegistration: RegistrationValues = {
  dni: '',
  phone: '',
  email: '',
  password: '',
  repeatPassword: '',
};

/**
 * Registration: DNI required; phone required and exactly 9 digits; e-mail optional but shaped
 * like an address; password 8 to 128 characters; repeat equal to password. Values are trimmed.
 */
export function validateRegistration(
  values: RegistrationValues,
): FieldErrors<keyof RegistrationValues> {
  const v = trimAll({ ...values });
  return clean({
    dni: v.dni === '' ? 'auth.error.dniRequired' : undefined,
    phone:
      v.phone === ''
        ? 'auth.error.phoneRequired'
        : PHONE.test(v.phone)
          ? undefined
          : 'auth.error.phoneInvalid',
    email: v.email !== '' && !isEmail(v.email) ? 'auth.error.emailInvalid' : undefined,
    password: passwordError(v.password),
    repeatPassword: repeatError(v.password, v.repeatPassword),
  });
}

/** The POST /user/register body: trimmed values, the phone with the 34 prefix, no empty e-mail. */
export function registrationPayload(values: RegistrationValues) {
  const v = trimAll({ ...values });
  return {
    dni: v.dni,
    phone: `${PHONE_PREFIX}${v.phone}`,
    ...(v.email !== '' ? { email: v.email } : {}),
    password: v.password,
    repeat_password: v.repeatPassword,
  };
}

/** The SMS code: required, 6 digits. */
export function validateCode(code: string): FieldErrors<'code'> {
  return clean({ code: codeError(code.trim()) });
}

// Recovery ------------------------------------------------------------------------------------

/** Recovery step 1: the e-mail is required and shaped like an address. */
export function validateRecoveryEmail(email: string): FieldErrors<'email'> {
  const value = email.trim();
  return clean({
    email:
      value === ''
        ? 'auth.error.emailRequired'
        : isEmail(value)
          ? undefined
          : 'auth.error.emailInvalid',
  });
}

export interface ResetValues {
  code: string;
  password: string;
  repeatPassword: string;
}

export const emptyReset: ResetValues = { code: '', password: '', repeatPassword: '' };

/** Recovery step 2: code, new password (8+) and repeat (equal) are all required. */
export function validateReset(values: ResetValues): FieldErrors<keyof ResetValues> {
  const v = trimAll({ ...values });
  return clean({
    code: codeError(v.code),
    password: passwordError(v.password),
    repeatPassword: repeatError(v.password, v.repeatPassword),
  });
}

/** 'Complete all required fields' applies when any of the step-2 fields is empty. */
export function resetHasEmptyField(values: ResetValues): boolean {
  return Object.values(trimAll({ ...values })).some((value) => value === '');
}
