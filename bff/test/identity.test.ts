import { describe, expect, it } from 'vitest';
import { identityNameKey } from '../src/data/search-keys.js';
import { isMobile, isValidDni, normaliseDni, normalisePhone } from '../src/lib/identity.js';
import { isMixedScript } from 'unicode-script';
import { isLatinOnly, isMixedScriptName } from '../src/lib/identity-fold.js';
import { nameLikeness } from '../src/lib/name-likeness.js';
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

describe('one identity key for a person (issue 59)', () => {
  const key = (first_name: string, last_name = 'Pérez Soto') =>
    identityNameKey({ first_name, last_name });

  it.each([
    ['Cаrla', 'Cyrillic а'],
    ['Carlа', 'Cyrillic а at the end'],
    ['Cαrla', 'Greek α'],
    ['Ｃａｒｌａ', 'fullwidth'],
    ['𝐂𝐚𝐫𝐥𝐚', 'mathematical bold'],
    ['Ⓒarla', 'circled'],
    ['ᴄarla', 'small capital'],
    ['Cɑrla', 'Latin alpha'],
    ['CARLA', 'capitals'],
  ])('folds %s (%s) into the key of "Carla"', (first) => {
    expect(key(first)).toBe(key('Carla'));
    expect(key(first)).toBe('carlaperezsoto');
  });
  it('folds Greek ο and Cyrillic о in a surname, and a dotless ı with a combining accent', () => {
    expect(key('Carla', 'Pérez Sοto')).toBe(key('Carla'));
    expect(key('Carla', 'Pérez Sоto')).toBe(key('Carla'));
    expect(key('Uxı\u0301a', 'Rey')).toBe(key('Uxía', 'Rey'));
  });
  it('keeps different names apart', () => {
    expect(key('Carla')).not.toBe(key('Clara'));
    expect(key('Uxía', 'Rey')).not.toBe(key('Uxío', 'Rey'));
  });
  it('is the key the likely duplicates compare', () => {
    const carla = { first_name: 'Carla', last_name: 'Pérez Soto' };
    expect(nameLikeness(carla, { first_name: 'Ｃａｒｌａ', last_name: 'Pérez Soto' })).toBe(
      'same_name',
    );
    expect(nameLikeness(carla, { first_name: '𝐂arla', last_name: 'Soto Pérez' })).toBe(
      'surnames_swapped',
    );
  });
  it('refuses a name mixing scripts, never a name in one script', () => {
    for (const mixed of ['Cаrla', 'Sοto', 'Pérez Sоto', 'Алексeй'])
      expect(isMixedScriptName(mixed)).toBe(true);
    for (const single of [
      'Carla',
      'Uxía',
      'Uxı\u0301a',
      'López-Pereira',
      "O'Neill",
      'Núñez Peña',
      'Алексей',
      'Ξανθή',
      'Ｃａｒｌａ',
      '𝐂arla',
      '李小龍',
    ])
      expect(isMixedScriptName(single)).toBe(false);
  });
  it('answers as the library for every character a Latin name may hold, without asking it', () => {
    expect(isLatinOnly('Núñez Peña-López 2º')).toBe(true);
    for (const other of ['Cаrla', 'Ξανθή', '李', 'Uxı\u0342a'])
      expect(isLatinOnly(other)).toBe(false);
    // each character below U+0370 alone, beside Latin letters and beside a Greek one
    for (let code = 0; code < 0x370; code++) {
      const character = String.fromCharCode(code);
      for (const name of [`Carla${character}Núñez`, `${character}Ξ`, character]) {
        expect(isMixedScriptName(name), `U+${code.toString(16)} in ${name}`).toBe(
          isMixedScript(name.normalize('NFKC')),
        );
      }
    }
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
