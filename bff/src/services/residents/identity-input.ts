import { invalid, type ValidationIssue } from '../errors.js';
import {
  isMobile,
  isValidDni,
  normaliseDni,
  normaliseEmail,
  normalisePhone,
} from '../../lib/identity.js';
import { passwordProblem } from '../passwords.js';

/**
 * The identity rules the contract's patterns cannot express (DNI/NIE control letter, mobiles,
 * password policy). Collects every problem so one answer lists them all, as 422 validation items.
 */
export class InputCheck {
  private readonly issues: ValidationIssue[] = [];

  dni(field: string, raw: string): string {
    const dni = normaliseDni(raw);
    if (!isValidDni(dni)) this.add(field, 'invalid_dni');
    return dni;
  }

  /** 9 digits that can receive an SMS (6xx or 7[1-9]x). */
  mobile(field: string, raw: string): string {
    const phone = normalisePhone(raw);
    if (phone === null) this.add(field, 'invalid_phone');
    else if (!isMobile(phone)) this.add(field, 'invalid_mobile');
    return phone ?? '';
  }

  email(raw: string | null | undefined): string | null {
    return normaliseEmail(raw);
  }

  password(
    field: string,
    repeatField: string,
    password: string,
    repeat: string | null | undefined,
  ): string {
    const problem = passwordProblem(password, repeat);
    if (problem) this.add(problem === 'passwords_do_not_match' ? repeatField : field, problem);
    return password;
  }

  /** Throws 422 with every collected problem; nothing has been changed yet. */
  done(): void {
    if (this.issues.length > 0) throw invalid(this.issues);
  }

  /** A problem a rule of the caller's found. */
  add(field: string, key: string): void {
    this.issues.push({ loc: ['body', field], msg: key, type: key });
  }
}
