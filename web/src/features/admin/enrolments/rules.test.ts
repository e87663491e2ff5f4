import { describe, expect, it } from 'vitest';
import { checkEnrolmentForm, emptyEnrolmentForm, enrolmentFieldOf } from './rules';

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
      birthDate: ' ',
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
        birth_date: null,
        activity_ids: [1, 2],
      },
    });
  });

  it('lets the DNI stay empty only when editing someone who has none (sent as null)', () => {
    const values = {
      ...emptyEnrolmentForm,
      firstName: 'Uxía',
      lastName: 'Rey',
      phone: '622334455',
    };
    expect(checkEnrolmentForm(values, { dni: null })).toMatchObject({
      ok: true,
      payload: { dni: null },
    });
    expect(checkEnrolmentForm(values, { dni: '87654321X' })).toMatchObject({
      ok: false,
      errors: { dni: 'admin.enrolments.required.dni' },
    });
    expect(checkEnrolmentForm(values, null)).toMatchObject({ ok: false });
  });

  it('sends the birth date; an empty one is null, but never over a date on record', () => {
    const values = {
      ...emptyEnrolmentForm,
      firstName: 'Uxía',
      lastName: 'Rey',
      dni: '87654321X',
      phone: '622334455',
    };
    expect(checkEnrolmentForm({ ...values, birthDate: '2017-05-09' })).toMatchObject({
      ok: true,
      payload: { birth_date: '2017-05-09' },
    });
    expect(checkEnrolmentForm(values, { dni: '87654321X', birth_date: null })).toMatchObject({
      ok: true,
      payload: { birth_date: null },
    });
    expect(
      checkEnrolmentForm(values, { dni: '87654321X', birth_date: '2014-05-09' }),
    ).toMatchObject({
      ok: false,
      errors: { birthDate: 'admin.enrolments.birthDateNotRemovable' },
    });
  });

  it('places a 422 item on its field', () => {
    expect(enrolmentFieldOf(['birth_date'])).toBe('birthDate');
    expect(enrolmentFieldOf(['first_name'])).toBe('firstName');
    expect(enrolmentFieldOf(['activity_ids', 0])).toBeNull();
  });
});
