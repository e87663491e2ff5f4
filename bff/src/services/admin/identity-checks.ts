import { hasInvisibleCharacters } from '../../lib/invisible-characters.js';
import type { ValidationIssue } from '../errors.js';
import {
  isMobile,
  isValidDni,
  normaliseDni,
  normaliseEmail,
  normalisePhone,
} from '../../lib/identity.js';
import { zEmail } from '../../generated/zod.gen.js';

/**
 * DNI, phone and optional e-mail of an admin form, normalised, with the problems found. A null
 * DNI (a person without one, where the form allows it) stays null.
 */
export function checkIdentity<Dni extends string | null>(input: {
  dni: Dni;
  phone: string;
  email?: string | null;
}) {
  const issues: ValidationIssue[] = [];
  const dni = (input.dni === null ? null : normaliseDni(input.dni)) as Dni;
  if (dni !== null && !isValidDni(dni))
    issues.push({ loc: ['body', 'dni'], msg: 'invalid_dni', type: 'invalid_dni' });
  const phone = normalisePhone(input.phone);
  if (phone === null)
    issues.push({ loc: ['body', 'phone'], msg: 'invalid_phone', type: 'invalid_phone' });
  const email = normaliseEmail(input.email);
  if (email !== null && hasInvisibleCharacters(email)) {
    issues.push({
      loc: ['body', 'email'],
      msg: 'invisible_characters',
      type: 'invisible_characters',
    });
  } else if (email !== null && !isEmail(email)) {
    issues.push({ loc: ['body', 'email'], msg: 'invalid_email', type: 'invalid_email' });
  }
  return { dni, phone: phone ?? '', email, issues };
}

/**
 * A person saved with a phone that cannot receive SMS (a landline, a 70x number) can never be
 * linked to an account: registration and association send a code to that phone. Saved all the
 * same (the council may have nothing better), with this warning for staff.
 */
export function landlineWarning(phone: string, loc: (string | number)[]): ValidationIssue | null {
  return phone !== '' && !isMobile(phone)
    ? { loc, msg: 'landline_warning', type: 'landline', params: { phone } }
    : null;
}

export function isEmail(value: string): boolean {
  return zEmail.safeParse(value).success;
}
