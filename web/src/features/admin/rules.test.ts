import { describe, expect, it } from 'vitest';
import {
  checkActivityForm,
  checkConfigForm,
  checkEnrolmentForm,
  checkUploadFile,
  checkUserForm,
  configToForm,
  emptyEnrolmentForm,
  emptyUserForm,
  fractionToPercent,
  parseReminderDays,
  parsePrice,
  percentToFraction,
  uploadRowErrors,
} from './rules';

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

describe('enrolment form', () => {
  it('requires first name, last name, dni and phone', () => {
    expect(checkEnrolmentForm({ ...emptyEnrolmentForm, email: 'x@y.es' })).toEqual({
      ok: false,
      summary: 'admin.enrolments.completeRequired',
      errors: {
        firstName: 'admin.enrolments.required.firstName',
        lastName: 'admin.enrolments.required.lastName',
        dni: 'admin.enrolments.required.dni',
        phone: 'admin.enrolments.required.phone',
      },
    });
  });

  it('sends an empty email as null, numeric activity ids and trimmed values', () => {
    const check = checkEnrolmentForm({
      firstName: ' Xoán ',
      lastName: 'López Pereira',
      dni: '87654321x',
      email: ' ',
      phone: '622334455',
      activityIds: ['1', '2'],
    });
    expect(check).toEqual({
      ok: true,
      payload: {
        first_name: 'Xoán',
        last_name: 'López Pereira',
        dni: '87654321X',
        email: null,
        phone: '622334455',
        activity_ids: [1, 2],
      },
    });
  });
});

describe('activity form', () => {
  it('requires name and price', () => {
    expect(checkActivityForm({ name: ' ', price: '', startDate: '' })).toEqual({
      ok: false,
      summary: 'admin.msg.complete_all_required_fields',
      errors: { name: 'admin.activities.required.name', price: 'admin.activities.required.price' },
    });
  });

  it.each([
    ['40', 40],
    ['12,5', 12.5],
    ['12.50', 12.5],
    ['0', 0],
    [' 85,555 ', 85.56],
  ])('accepts the price %s as %s', (text, value) => {
    expect(parsePrice(text)).toBe(value);
  });

  it.each(['abc', '-5', '12,5,0', '1e3', '100001'])('rejects the price %s', (text) => {
    expect(parsePrice(text)).toBeNull();
    expect(checkActivityForm({ name: 'Yoga', price: text, startDate: '' })).toEqual({
      ok: false,
      summary: null,
      errors: { price: 'admin.activities.invalidPrice' },
    });
  });

  it('sends an optional start date, null when empty', () => {
    expect(checkActivityForm({ name: 'Yoga senior', price: '40', startDate: '' })).toEqual({
      ok: true,
      payload: { name: 'Yoga senior', price: 40, start_date: null },
    });
    expect(
      checkActivityForm({ name: 'Yoga senior', price: '40', startDate: '2027-01-10' }),
    ).toMatchObject({ ok: true, payload: { start_date: '2027-01-10' } });
  });
});

describe('global discount', () => {
  it('maps percent to a fraction rounded to 3 decimals and back', () => {
    expect(percentToFraction(12.5)).toBe(0.125);
    expect(percentToFraction(50)).toBe(0.5);
    expect(percentToFraction(0.1)).toBe(0.001);
    expect(percentToFraction(33.3)).toBe(0.333);
    expect(percentToFraction(100)).toBe(1);
    expect(fractionToPercent(0.125)).toBe(12.5);
    expect(fractionToPercent(0.07)).toBe(7);
  });

  const form = configToForm({
    maintenance_mode: false,
    payments_enabled: true,
    global_discount: 0.125,
    deadline_date: null,
    reminders_enabled: false,
    reminder_days: [7, 1],
    reminder_channel: 'sms',
  });

  it('shows the stored fraction as a percent', () => {
    expect(form).toEqual({
      maintenanceMode: false,
      paymentsEnabled: true,
      discount: '12.5',
      deadline: '',
      remindersEnabled: false,
      reminderDays: '7, 1',
      reminderChannel: 'sms',
    });
  });

  it.each(['-1', '100.1', '', 'abc'])('rejects %s %%', (discount) => {
    expect(checkConfigForm({ ...form, discount })).toEqual({
      ok: false,
      summary: null,
      errors: { discount: 'admin.config.discountRange' },
    });
  });

  it('accepts 0 and 100 and sends an empty deadline as null', () => {
    expect(checkConfigForm({ ...form, discount: '0' })).toEqual({
      ok: true,
      payload: {
        maintenance_mode: false,
        payments_enabled: true,
        global_discount: 0,
        deadline_date: null,
        reminders_enabled: false,
        reminder_days: [7, 1],
        reminder_channel: 'sms',
      },
    });
    expect(checkConfigForm({ ...form, discount: '100', deadline: '2026-12-15' })).toMatchObject({
      ok: true,
      payload: { global_discount: 1, deadline_date: '2026-12-15' },
    });
  });
});

describe('reminder days', () => {
  it.each([
    ['7, 1', [7, 1]],
    ['1 7', [7, 1]],
    ['14;7;3', [14, 7, 3]],
    ['', []],
  ])('reads "%s"', (text, days) => {
    expect(parseReminderDays(text)).toEqual(days);
  });

  it.each(['0', '61', '7, 7', '1.5', 'siete', '-1', '1,2,3,4,5,6,7,8,9,10,11'])(
    'refuses "%s"',
    (text) => {
      expect(parseReminderDays(text)).toBeNull();
    },
  );

  const base = configToForm({
    maintenance_mode: false,
    payments_enabled: true,
    global_discount: 0,
    deadline_date: '2026-12-15',
    reminders_enabled: true,
    reminder_days: [7, 1],
    reminder_channel: 'both',
  });

  it('needs at least one day while reminders are on, none while they are off', () => {
    expect(checkConfigForm({ ...base, reminderDays: '' })).toMatchObject({
      ok: false,
      errors: { reminderDays: 'admin.config.reminderDaysInvalid' },
    });
    expect(checkConfigForm({ ...base, reminderDays: '', remindersEnabled: false })).toMatchObject({
      ok: true,
      payload: { reminders_enabled: false, reminder_days: [] },
    });
    expect(checkConfigForm({ ...base, reminderDays: '3, 10' })).toMatchObject({
      ok: true,
      payload: { reminder_days: [10, 3], reminder_channel: 'both' },
    });
  });
});

describe('upload', () => {
  it('needs a file whose name ends in .xlsx', () => {
    expect(checkUploadFile(null)).toBe('admin.msg.please_select_file');
    expect(checkUploadFile(new File(['a'], 'inscripciones.csv'))).toBe(
      'admin.msg.invalid_file_type',
    );
    expect(checkUploadFile(new File(['a'], 'inscripciones.xlsx.pdf'))).toBe(
      'admin.msg.invalid_file_type',
    );
    expect(checkUploadFile(new File(['a'], 'Inscripciones.XLSX'))).toBeNull();
  });

  it('reads the row errors of an invalid_rows answer', () => {
    expect(
      uploadRowErrors({
        detail: [
          { loc: [4, 'DNI'], msg: 'El DNI no es válido.', type: 'invalid_dni' },
          { loc: [9], msg: 'Fila vacía.', type: 'x' },
        ],
        code: 'invalid_rows',
      }),
    ).toEqual([
      { row: 4, column: 'DNI', msg: 'El DNI no es válido.' },
      { row: 9, column: null, msg: 'Fila vacía.' },
    ]);
    expect(uploadRowErrors({ detail: 'El archivo no es un .xlsx.', code: 'invalid_file' })).toBe(
      null,
    );
    expect(uploadRowErrors(undefined)).toBeNull();
  });
});
