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
