import { describe, expect, it } from 'vitest';
import { checkActivityForm, emptyActivityForm, parsePrice } from './rules';

const form = (values: Partial<typeof emptyActivityForm>) => ({ ...emptyActivityForm, ...values });

describe('activity form', () => {
  it('requires name and price', () => {
    expect(checkActivityForm(form({ name: ' ', price: '' }))).toEqual({
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
    expect(checkActivityForm(form({ name: 'Yoga', price: text }))).toEqual({
      ok: false,
      summary: null,
      errors: { price: 'admin.activities.invalidPrice' },
    });
  });

  it('sends an optional start date, null when empty, and no places by default', () => {
    expect(checkActivityForm(form({ name: 'Yoga senior', price: '40' }))).toEqual({
      ok: true,
      payload: { name: 'Yoga senior', price: 40, start_date: null, allocation: 'none' },
    });
    expect(
      checkActivityForm(form({ name: 'Yoga senior', price: '40', startDate: '2027-01-10' })),
    ).toMatchObject({ ok: true, payload: { start_date: '2027-01-10' } });
  });

  it('with places, needs the places and the window, and sends Madrid times as UTC', () => {
    expect(
      checkActivityForm(form({ name: 'Natación', price: '60', allocation: 'lottery' })),
    ).toEqual({
      ok: false,
      summary: 'admin.msg.complete_all_required_fields',
      errors: {
        capacity: 'admin.activities.required.capacity',
        openAt: 'admin.activities.required.openAt',
        closeAt: 'admin.activities.required.closeAt',
      },
    });
    const ok = checkActivityForm(
      form({
        name: 'Natación',
        price: '60',
        allocation: 'lottery',
        capacity: '20',
        openAt: '2026-12-01T09:00',
        closeAt: '2027-04-15T23:59',
        offerHours: '48',
        minBirthYear: '2015',
        maxBirthYear: '2020',
        venue: ' Piscina municipal ',
      }),
    );
    expect(ok).toMatchObject({
      ok: true,
      payload: {
        allocation: 'lottery',
        capacity: 20,
        // winter (UTC+1) and summer (UTC+2) time in Madrid
        applications_open_at: '2026-12-01T08:00:00.000Z',
        applications_close_at: '2027-04-15T21:59:00.000Z',
        offer_hours: 48,
        min_birth_year: 2015,
        max_birth_year: 2020,
        venue: 'Piscina municipal',
        description: null,
      },
    });
  });

  it('refuses a window that closes before it opens, odd numbers and years the wrong way round', () => {
    expect(
      checkActivityForm(
        form({
          name: 'Pádel',
          price: '40',
          allocation: 'first_come',
          capacity: '0',
          openAt: '2026-12-10T10:00',
          closeAt: '2026-12-10T09:00',
          offerHours: '721',
          minBirthYear: '2020',
          maxBirthYear: '2010',
        }),
      ),
    ).toEqual({
      ok: false,
      summary: null,
      errors: {
        capacity: 'admin.activities.invalidCapacity',
        closeAt: 'admin.activities.windowOrder',
        offerHours: 'admin.activities.invalidOfferHours',
        maxBirthYear: 'admin.activities.yearsOrder',
      },
    });
  });
});
