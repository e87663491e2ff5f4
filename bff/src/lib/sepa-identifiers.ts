import {
  electronicFormatIBAN,
  getCountrySpecifications,
  isSEPACountry,
  validateBIC,
  validateIBAN,
  ValidationErrorsIBAN,
} from 'ibantools';

/**
 * The identifiers of SEPA direct debit: an IBAN (checked by ibantools, with the reason it is
 * wrong), a BIC, and the creditor identifier (`ES` + check digits + a business code + the NIF),
 * whose check digits are the IBAN's mod 97 over the national id followed by the country and 00,
 * the business code left out (EPC262-08).
 */

/** Why an IBAN is refused: a reason key (i18n `iban_reason_*`) with its values. */
export type IbanProblem =
  | { code: 'invalid_iban'; reason: 'not_iban' | 'checksum' | 'format' | 'bank_checksum' }
  | { code: 'invalid_iban'; reason: 'length'; country: string; expected: number; actual: number }
  | { code: 'iban_not_sepa'; country: string };

/** The IBAN in its electronic form (no spaces, upper case), or its problem. */
export function checkIban(input: string): { iban: string } | { problem: IbanProblem } {
  const iban = electronicFormatIBAN(input) ?? '';
  const country = iban.slice(0, 2);
  const spec = /^[A-Z]{2}$/.test(country) ? getCountrySpecifications()[country] : undefined;
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban) || !spec?.chars)
    return { problem: { code: 'invalid_iban', reason: 'not_iban' } };
  if (iban.length !== spec.chars)
    return {
      problem: {
        code: 'invalid_iban',
        reason: 'length',
        country,
        expected: spec.chars,
        actual: iban.length,
      },
    };
  const { errorCodes } = validateIBAN(iban);
  if (errorCodes.includes(ValidationErrorsIBAN.WrongIBANChecksum))
    return { problem: { code: 'invalid_iban', reason: 'checksum' } };
  if (errorCodes.includes(ValidationErrorsIBAN.WrongAccountBankBranchChecksum))
    return { problem: { code: 'invalid_iban', reason: 'bank_checksum' } };
  if (errorCodes.length > 0) return { problem: { code: 'invalid_iban', reason: 'format' } };
  if (!isSEPACountry(country)) return { problem: { code: 'iban_not_sepa', country } };
  return { iban };
}

/** What everyone but the bank sees of an IBAN: its country and check digits, its last four. */
export function maskIban(iban: string): string {
  const groups = Math.max(0, Math.ceil((iban.length - 8) / 4));
  return [iban.slice(0, 4), ...Array<string>(groups).fill('****'), iban.slice(-4)].join(' ');
}

export const bicIsValid = (bic: string): boolean => validateBIC(bic).valid;

/** Letters as numbers (A=10 … Z=35), the whole taken mod 97 piece by piece. */
function mod97(text: string): number {
  const digits = text.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest;
}

/** The check digits of a creditor identifier of this country and national id. */
export function creditorIdCheckDigits(country: string, nationalId: string): string {
  return String(98 - mod97(`${nationalId}${country}00`)).padStart(2, '0');
}

/** What is wrong with a creditor identifier, or null. */
export function creditorIdProblem(id: string): string | null {
  const match = /^([A-Z]{2})(\d{2})([A-Z0-9]{3})([A-Z0-9]{1,28})$/.exec(id);
  if (!match) return 'must be a creditor identifier like ES64ZZZP3603500C';
  const [, country, digits, , nationalId] = match;
  if (!isSEPACountry(country!)) return `is of ${country}, not a SEPA country`;
  const expected = creditorIdCheckDigits(country!, nationalId!);
  if (digits !== expected) return `has the check digits ${digits}; they must be ${expected}`;
  return null;
}
