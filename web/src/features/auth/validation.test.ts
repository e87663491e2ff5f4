import { describe, expect, it } from 'vitest';
import {
  emptyRegistration,
  registrationPayload,
  resetHasEmptyField,
  validateCode,
  validateRecoveryEmail,
  validateRegistration,
  validateReset,
} from './signup-validation';
import { validateLogin } from './validation';

const valid = {
  dni: '12345678Z',
  phone: '612345678',
  email: 'maria.lopez@example.es',
  password: 'piscina-verano-2026',
  repeatPassword: 'piscina-verano-2026',
};

describe('login rules', () => {
  it('requires DNI and password', () => {
    expect(validateLogin({ dni: '', password: '' })).toEqual({
      dni: 'auth.error.dniRequired',
      password: 'auth.error.passwordRequired',
    });
    expect(validateLogin({ dni: '   ', password: 'x' })).toEqual({
      dni: 'auth.error.dniRequired',
    });
    expect(validateLogin({ dni: '12345678Z', password: 'x' })).toEqual({});
  });
});

describe('registration rules', () => {
  it('accepts a valid form, with or without e-mail', () => {
    expect(validateRegistration(valid)).toEqual({});
    expect(validateRegistration({ ...valid, email: '' })).toEqual({});
  });

  it('requires every field but the e-mail', () => {
    expect(validateRegistration(emptyRegistration)).toEqual({
      dni: 'auth.error.dniRequired',
      phone: 'auth.error.phoneRequired',
      password: 'auth.error.passwordRequired',
      repeatPassword: 'auth.error.repeatRequired',
    });
  });

  it.each(['61234567', '6123456789', '61234567a', '+34612345', '612 345 67'])(
    'rejects the phone %s (exactly 9 digits)',
    (phone) => {
      expect(validateRegistration({ ...valid, phone }).phone).toBe('auth.error.phoneInvalid');
    },
  );

  it.each(['maria', 'maria@', 'maria@example', 'ma ria@example.es', '@example.es'])(
    'rejects the e-mail %s',
    (email) => {
      expect(validateRegistration({ ...valid, email }).email).toBe('auth.error.emailInvalid');
    },
  );

  it('needs 8 to 128 characters of password', () => {
    const short = validateRegistration({
      ...valid,
      password: '1234567',
      repeatPassword: '1234567',
    });
    expect(short.password).toBe('auth.error.passwordTooShort');
    const eight = validateRegistration({
      ...valid,
      password: '12345678',
      repeatPassword: '12345678',
    });
    expect(eight.password).toBeUndefined();
    const long = 'a'.repeat(129);
    expect(validateRegistration({ ...valid, password: long, repeatPassword: long }).password).toBe(
      'auth.error.passwordTooLong',
    );
  });

  it('needs the repeat to equal the password', () => {
    expect(
      validateRegistration({ ...valid, repeatPassword: 'otra-cosa-2026' }).repeatPassword,
    ).toBe('auth.error.passwordsDoNotMatch');
  });

  it('trims values before checking and sending, and adds 34 to the phone', () => {
    const padded = {
      dni: ' 12345678Z ',
      phone: ' 612345678 ',
      email: ' maria.lopez@example.es ',
      password: ' piscina-verano-2026 ',
      repeatPassword: 'piscina-verano-2026  ',
    };
    expect(validateRegistration(padded)).toEqual({});
    expect(registrationPayload(padded)).toEqual({
      dni: '12345678Z',
      phone: '34612345678',
      email: 'maria.lopez@example.es',
      password: 'piscina-verano-2026',
      repeat_password: 'piscina-verano-2026',
    });
  });

  it('leaves an empty e-mail out of the payload', () => {
    expect(registrationPayload({ ...valid, email: '  ' })).not.toHaveProperty('email');
  });
});

describe('code and recovery rules', () => {
  it('requires a 6-digit code', () => {
    expect(validateCode('')).toEqual({ code: 'auth.error.codeRequired' });
    expect(validateCode('12345')).toEqual({ code: 'auth.error.codeInvalid' });
    expect(validateCode('482913')).toEqual({});
  });

  it('requires an e-mail shaped like an address', () => {
    expect(validateRecoveryEmail(' ')).toEqual({ email: 'auth.error.emailRequired' });
    expect(validateRecoveryEmail('maria')).toEqual({ email: 'auth.error.emailInvalid' });
    expect(validateRecoveryEmail(' maria@example.es ')).toEqual({});
  });

  it('requires code, new password (8+) and a matching repeat', () => {
    expect(validateReset({ code: '', password: '', repeatPassword: '' })).toEqual({
      code: 'auth.error.codeRequired',
      password: 'auth.error.passwordRequired',
      repeatPassword: 'auth.error.repeatRequired',
    });
    expect(
      validateReset({ code: '730561', password: 'corta', repeatPassword: 'corta' }).password,
    ).toBe('auth.error.passwordTooShort');
    expect(
      validateReset({ code: '730561', password: 'bicicleta-2026', repeatPassword: 'bicicleta' })
        .repeatPassword,
    ).toBe('auth.error.passwordsDoNotMatch');
    expect(
      validateReset({
        code: '730561',
        password: 'bicicleta-2026',
        repeatPassword: 'bicicleta-2026',
      }),
    ).toEqual({});
  });

  it("says 'complete all required fields' only when a field is empty", () => {
    expect(resetHasEmptyField({ code: '730561', password: '', repeatPassword: 'x' })).toBe(true);
    expect(resetHasEmptyField({ code: '730561', password: 'y', repeatPassword: 'x' })).toBe(false);
  });
});
