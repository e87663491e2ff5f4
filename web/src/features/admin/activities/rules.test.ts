import { describe, expect, it } from 'vitest';
import {
  activityFieldOf,
  checkActivityForm,
  checkTariffs,
  emptyActivityForm,
  parsePrice,
  tariffRow,
} from './rules';

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
      payload: {
        name: 'Yoga senior',
        price: 40,
        start_date: null,
        allocation: 'none',
        tariffs: [],
        age_on: null,
        reductions_apply: true,
        fee_group: null,
        parts: [],
        registration_fee: 0,
      },
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

  it("sends the waitlist's end and the free places as UTC, and refuses them before the close", () => {
    const base = {
      name: 'Baloncesto',
      price: '40',
      allocation: 'lottery',
      capacity: '10',
      openAt: '2026-12-01T09:00',
      closeAt: '2026-12-15T23:59',
    };
    expect(
      checkActivityForm(
        form({ ...base, waitlistEndsAt: '2027-01-10T00:00', freePlacesAt: '2027-01-12T09:00' }),
      ),
    ).toMatchObject({
      ok: true,
      payload: {
        waitlist_ends_at: '2027-01-09T23:00:00.000Z',
        free_places_at: '2027-01-12T08:00:00.000Z',
      },
    });
    expect(checkActivityForm(form(base))).toMatchObject({
      ok: true,
      payload: { waitlist_ends_at: null, free_places_at: null },
    });
    expect(
      checkActivityForm(
        form({ ...base, waitlistEndsAt: '2026-12-15T23:00', freePlacesAt: '2026-12-14T09:00' }),
      ),
    ).toEqual({
      ok: false,
      summary: null,
      errors: {
        waitlistEndsAt: 'admin.activities.waitlistEndOrder',
        freePlacesAt: 'admin.activities.freePlacesOrder',
      },
    });
    expect(
      checkActivityForm(
        form({ ...base, waitlistEndsAt: '2027-01-10T00:00', freePlacesAt: '2027-01-09T09:00' }),
      ),
    ).toEqual({
      ok: false,
      summary: null,
      errors: { freePlacesAt: 'admin.activities.freePlacesAfterWaitlist' },
    });
    expect(activityFieldOf(['waitlist_ends_at'])).toBe('waitlistEndsAt');
    expect(activityFieldOf(['free_places_at'])).toBe('freePlacesAt');
  });

  describe('prices by age', () => {
    const bands = (...rows: [string, string, string, boolean?][]) =>
      rows.map(([minAge, maxAge, price, isDefault]) =>
        tariffRow({ minAge, maxAge, price, isDefault: isDefault ?? false }),
      );
    const msg = (id: string, values?: Record<string, number>) => ({
      id: `admin.activities.tariff.${id}`,
      ...(values ? { values } : {}),
    });

    it("sends Tordoia's bands (0–17 and 65+ pay 50 €, 18–64 pay 80 €) with the default band's price", () => {
      const check = checkActivityForm(
        form({
          name: 'Escola de fútbol',
          price: '',
          ageOn: '2026-09-01',
          feeGroup: ' Escolas deportivas 2026-27 ',
          reductionsApply: false,
          tariffs: bands(['0', '17', '50'], ['18', '64', '80', true], ['65', '', '50']),
        }),
      );
      expect(check).toEqual({
        ok: true,
        payload: {
          name: 'Escola de fútbol',
          price: 80,
          start_date: null,
          allocation: 'none',
          tariffs: [
            { min_age: 0, max_age: 17, price: 50, default: false },
            { min_age: 18, max_age: 64, price: 80, default: true },
            { min_age: 65, max_age: null, price: 50, default: false },
          ],
          age_on: '2026-09-01',
          reductions_apply: false,
          fee_group: 'Escolas deportivas 2026-27',
          parts: [],
          registration_fee: 0,
        },
      });
    });

    it('names the ages a gap leaves without a price and the ages in two bands', () => {
      expect(checkTariffs(bands(['0', '17', '50', true], ['21', '', '80']))).toEqual({
        'tariff.1.minAge': msg('gap', { from: 18, to: 20 }),
      });
      expect(checkTariffs(bands(['0', '17', '50', true], ['19', '', '80']))).toEqual({
        'tariff.1.minAge': msg('gapOne', { from: 18 }),
      });
      expect(checkTariffs(bands(['0', '17', '50', true], ['15', '', '80']))).toEqual({
        'tariff.1.minAge': msg('overlap', { from: 15, to: 17 }),
      });
      expect(checkTariffs(bands(['0', '17', '50', true], ['17', '', '80']))).toEqual({
        'tariff.1.minAge': msg('overlapOne', { from: 17 }),
      });
      expect(checkTariffs(bands(['0', '', '50', true], ['18', '', '80']))).toEqual({
        'tariff.1.minAge': msg('overlapOpen', { from: 18 }),
      });
    });

    it('needs bands from age 0, an open last band and one default, in any order of rows', () => {
      expect(checkTariffs(bands(['18', '', '80', true], ['3', '17', '50']))).toEqual({
        'tariff.1.minAge': msg('gap', { from: 0, to: 2 }),
      });
      expect(checkTariffs(bands(['0', '17', '50', true], ['18', '64', '80']))).toEqual({
        'tariff.1.maxAge': msg('openEnd', { from: 65 }),
      });
      expect(checkTariffs(bands(['0', '17', '50'], ['18', '', '80']))).toEqual({
        'tariff.0.default': msg('noDefault'),
      });
    });

    it('refuses unreadable ages and prices, and a band that ends before it starts', () => {
      expect(checkTariffs(bands(['x', '17', '50', true], ['18', '200', '-1']))).toEqual({
        'tariff.0.minAge': msg('minAgeInvalid', { row: 1 }),
        'tariff.1.maxAge': msg('maxAgeInvalid', { row: 2 }),
        'tariff.1.price': msg('priceRow', { row: 2 }),
      });
      expect(checkTariffs(bands(['0', '17', 'gratis', true], ['18', '10', '80']))).toEqual({
        'tariff.0.price': msg('price', { from: 0, to: 17 }),
        'tariff.1.maxAge': msg('order', { from: 18, to: 10 }),
      });
    });

    it('does not ask for the single price when there are bands, and nothing is sent while one is wrong', () => {
      const check = checkActivityForm(
        form({ name: 'Ximnasia', price: '', tariffs: bands(['0', '64', '30', true]) }),
      );
      expect(check).toEqual({
        ok: false,
        summary: null,
        errors: {},
        details: { 'tariff.0.maxAge': msg('openEnd', { from: 65 }) },
      });
    });

    it("maps the server's 422 items to the fields of the form", () => {
      expect(activityFieldOf(['tariffs', 2, 'min_age'])).toBe('tariff.2.minAge');
      expect(activityFieldOf(['tariffs', 0, 'default'])).toBe('tariff.0.default');
      expect(activityFieldOf(['fee_group'])).toBe('feeGroup');
      expect(activityFieldOf(['age_on'])).toBe('ageOn');
      expect(activityFieldOf(['tariffs'])).toBeNull();
      expect(activityFieldOf(['unknown'])).toBeNull();
    });
  });
});
