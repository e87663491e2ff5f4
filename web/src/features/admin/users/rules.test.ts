import { describe, expect, it } from 'vitest';
import { checkUserForm, emptyUserForm } from './rules';

const filledUser = {
  dni: ' 12345678z ',
  phone: ' 612345678 ',
  email: ' maria@example.es ',
  password: 'natacion-26',
  repeatPassword: 'natacion-26',
};

describe('user form', () => {
  it('requires dni, phone and, on create, password', () => {
    const check = checkUserForm(emptyUserForm, 'create');
    expect(check).toEqual({
      ok: false,
      summary: 'admin.msg.complete_all_required_fields',
      errors: {
        dni: 'admin.users.required.dni',
        phone: 'admin.users.required.phone',
        password: 'admin.users.required.password',
      },
    });
  });

  it('does not require the password on edit, and does not send it when empty', () => {
    const check = checkUserForm({ ...filledUser, password: '', repeatPassword: '' }, 'edit');
    expect(check).toEqual({
      ok: true,
      payload: { dni: '12345678Z', phone: '612345678', email: 'maria@example.es' },
    });
  });

  it('sends the password on edit when filled', () => {
    const check = checkUserForm(filledUser, 'edit');
    expect(check.ok && check.payload).toMatchObject({
      password: 'natacion-26',
      repeat_password: 'natacion-26',
    });
  });

  it('trims values, upper-cases the DNI and sends an empty email as null', () => {
    const check = checkUserForm({ ...filledUser, email: '   ' }, 'create');
    expect(check).toEqual({
      ok: true,
      payload: {
        dni: '12345678Z',
        phone: '612345678',
        email: null,
        password: 'natacion-26',
        repeat_password: 'natacion-26',
      },
    });
  });

  it('rejects a non-empty email that does not look like an address', () => {
    const check = checkUserForm({ ...filledUser, email: 'maria@' }, 'create');
    expect(check).toEqual({
      ok: false,
      summary: null,
      errors: { email: 'admin.msg.invalid_email' },
    });
  });

  it('rejects passwords that do not match (also on edit with only the repeat filled)', () => {
    expect(checkUserForm({ ...filledUser, repeatPassword: 'otra-cosa-1' }, 'create')).toEqual({
      ok: false,
      summary: null,
      errors: { repeatPassword: 'admin.msg.passwords_do_not_match' },
    });
    expect(
      checkUserForm({ ...filledUser, password: '', repeatPassword: 'algo-largo' }, 'edit'),
    ).toMatchObject({ ok: false, errors: { repeatPassword: 'admin.msg.passwords_do_not_match' } });
  });

  it('asks for at least 8 characters when a password is given', () => {
    expect(
      checkUserForm({ ...filledUser, password: 'corta', repeatPassword: 'corta' }, 'edit'),
    ).toMatchObject({ ok: false, errors: { password: 'admin.users.passwordTooShort' } });
  });
});
