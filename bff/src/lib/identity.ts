const LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** Upper-cased, spaces and dashes removed: the one stored form of a DNI/NIE. */
export function normaliseDni(raw: string): string {
  return raw.trim().toUpperCase().replace(/[\s-]/g, '');
}

/** DNI (8 digits + letter) or NIE (X/Y/Z + 7 digits + letter) with the right control letter. */
export function isValidDni(dni: string): boolean {
  const match = /^([XYZ]|\d)(\d{7})([A-Z])$/.exec(dni);
  if (!match) return false;
  const [, first = '', rest = '', letter] = match;
  const leading = { X: '0', Y: '1', Z: '2' }[first] ?? first;
  return LETTERS[Number(leading + rest) % 23] === letter;
}

/** 9 national digits: strips spaces and a leading +34 / 34 / 0034. Null when not 9 digits after that. */
export function normalisePhone(raw: string): string | null {
  const digits = raw.replace(/[\s.-]/g, '').replace(/^(\+|00)?34(?=\d{9}$)/, '');
  return /^\d{9}$/.test(digits) ? digits : null;
}

/** Spanish mobiles that can receive SMS: 6xx xxx xxx or 7[1-9]x xxx xxx (70x is not mobile). */
export function isMobile(phone: string): boolean {
  return /^(6\d{8}|7[1-9]\d{7})$/.test(phone);
}

export function normaliseEmail(raw: string | null | undefined): string | null {
  const value = raw?.trim().toLowerCase() ?? '';
  return value === '' ? null : value;
}
