import { describe, expect, it } from 'vitest';
import { circumstances } from '../test-support';
import {
  checkCircumstanceForm,
  circumstanceFieldOf,
  circumstanceToForm,
  emptyCircumstanceForm,
  parseMonths,
} from './rules';

const texts = (text: string) => ({ es: text, en: text, gl: text });

describe('circumstance form', () => {
  it.each([
    ['1', 1],
    [' 12 ', 12],
    ['60', 60],
  ])('accepts %s months', (text, months) => expect(parseMonths(text)).toBe(months));

  it.each(['0', '61', '1.5', '12 meses', ''])('refuses %s months', (text) =>
    expect(parseMonths(text)).toBeNull(),
  );

  it('a circumstance by age: no proof, nothing lasts, its first age required, the last not below it', () => {
    const byAge = {
      ...emptyCircumstanceForm,
      name: texts('Maiores de 65'),
      review: 'age' as const,
    };
    expect(checkCircumstanceForm(byAge)).toEqual({
      ok: false,
      summary: null,
      errors: { minAge: 'admin.circumstances.minAgeRequired' },
    });
    expect(checkCircumstanceForm({ ...byAge, minAge: '30', maxAge: '29' })).toMatchObject({
      errors: { maxAge: 'admin.circumstances.maxAgeRange' },
    });
    expect(checkCircumstanceForm({ ...byAge, minAge: '131' })).toMatchObject({
      errors: { minAge: 'admin.circumstances.minAgeRange' },
    });
    expect(checkCircumstanceForm({ ...byAge, minAge: ' 65 ' })).toEqual({
      ok: true,
      payload: {
        name: texts('Maiores de 65'),
        validity_months: null,
        review: 'age',
        min_age: 65,
        max_age: null,
        scope: 'person',
      },
    });
    // a declaration may carry ages; staff's review sends none
    const declared = checkCircumstanceForm({
      ...emptyCircumstanceForm,
      name: texts('Carné Xove'),
      proof: texts('Declaración'),
      review: 'declaration',
      minAge: '14',
      maxAge: '29',
    });
    expect(declared.ok && [declared.payload.min_age, declared.payload.max_age]).toEqual([14, 29]);
    expect(circumstanceFieldOf(['min_age'])).toBe('minAge');
    expect(circumstanceFieldOf(['max_age'])).toBe('maxAge');
  });

  it('refuses names and proofs over their length, in the language that has them', () => {
    const check = checkCircumstanceForm({
      ...emptyCircumstanceForm,
      name: { ...texts('Pensionista'), en: 'x'.repeat(121) },
      proof: { ...texts('Carné'), gl: 'x'.repeat(601) },
    });
    expect(check).toEqual({
      ok: false,
      summary: null,
      errors: {
        'name.en': 'admin.circumstances.nameTooLong',
        'proof.gl': 'admin.circumstances.proofTooLong',
      },
    });
  });

  it("round-trips a circumstance until the document's date, trimmed", () => {
    const values = circumstanceToForm(circumstances[0]!);
    expect(values.validity).toBe('date');
    expect(
      checkCircumstanceForm({ ...values, name: { ...values.name, es: ' Familia numerosa ' } }),
    ).toMatchObject({
      ok: true,
      payload: { validity_months: null, name: { es: 'Familia numerosa' } },
    });
  });

  it("maps the server's 422 items to the fields", () => {
    expect(circumstanceFieldOf(['proof', 'en'])).toBe('proof.en');
    expect(circumstanceFieldOf(['validity_months'])).toBe('months');
    expect(circumstanceFieldOf(['name', 'fr'])).toBeNull();
  });
});
