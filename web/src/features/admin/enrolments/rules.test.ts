import { describe, expect, it } from 'vitest';
import { checkEnrolmentForm, emptyEnrolmentForm } from './rules';

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
});
