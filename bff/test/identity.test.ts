import { describe, expect, it } from 'vitest';
import { isMobile, isValidDni, normaliseDni, normalisePhone } from '../src/lib/identity.js';
import { passwordProblem } from '../src/services/passwords.js';
import {
  amountToCharge,
  amountWithReduction,
  amountWithoutReduction,
} from '../src/services/pricing.js';

describe('DNI/NIE', () => {
  it.each(['12345678Z', '00000000T', 'X1234567L', 'Y1234567X', 'Z1234567R'])(
    'accepts %s',
    (dni) => {
      expect(isValidDni(dni)).toBe(true);
    },
  );
  it.each(['12345678A', '1234567Z', 'X12345678L', 'W1234567L', '', '12345678'])(
    'rejects %s',
    (dni) => {
      expect(isValidDni(dni)).toBe(false);
    },
  );
  it('normalises case and spaces', () => {
    expect(normaliseDni(' 12345678z ')).toBe('12345678Z');
  });
});

describe('phones', () => {
  it('stores one form with or without the 34 prefix', () => {
    expect(normalisePhone('34612345678')).toBe('612345678');
    expect(normalisePhone('+34 612 345 678')).toBe('612345678');
    expect(normalisePhone('612345678')).toBe('612345678');
    expect(normalisePhone('12345')).toBeNull();
  });
  it('knows which numbers are mobiles', () => {
    expect(isMobile('612345678')).toBe(true);
    expect(isMobile('712345678')).toBe(true);
    expect(isMobile('702345678')).toBe(false);
    expect(isMobile('986123456')).toBe(false);
  });
});

describe('password policy', () => {
  it('needs 8 to 128 characters, matching repeat, not a common password', () => {
    expect(passwordProblem('short')).toBe('password_too_short');
    expect(passwordProblem('a'.repeat(129))).toBe('password_too_long');
    expect(passwordProblem('bicicleta-otono-26', 'bicicleta-otono-27')).toBe(
      'passwords_do_not_match',
    );
    expect(passwordProblem('password1')).toBe('password_too_common');
    expect(passwordProblem('Contraseña')).toBe('password_too_common');
    expect(passwordProblem('a'.repeat(64))).toBeNull();
    expect(passwordProblem('bicicleta-otono-26', 'bicicleta-otono-26')).toBeNull();
  });
});

describe('pricing in cents', () => {
  it('charges 75 % without the reduction, rounded to the cent', () => {
    expect(amountWithoutReduction(6000)).toBe(4500);
    expect(amountWithoutReduction(8550)).toBe(6413); // 64.125 → 64.13
    expect(amountWithoutReduction(1)).toBe(1);
  });
  it('applies the global discount only when it is above 0', () => {
    expect(amountWithReduction(6000, 5000)).toBe(3000);
    expect(amountWithReduction(8550, 3330)).toBe(5703); // 85.50 × 0.667 = 57.0285
    expect(amountWithReduction(6000, 0)).toBeNull();
    expect(amountToCharge(6000, 0, true)).toBe(4500);
    expect(amountToCharge(6000, 5000, true)).toBe(3000);
    expect(amountToCharge(6000, 5000, false)).toBe(4500);
  });
});
