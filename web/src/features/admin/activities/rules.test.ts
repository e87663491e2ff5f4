import { describe, expect, it } from 'vitest';
import { checkActivityForm, parsePrice } from './rules';

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
