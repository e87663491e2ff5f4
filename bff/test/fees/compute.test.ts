import { describe, expect, it } from 'vitest';
import {
  computeFee,
  familyPositions,
  type FeeActivity,
  type FeeRules,
} from '../../src/services/fees/compute.js';

const NONE: FeeRules = { reductions: [], family: [], cumulative: false };
const single = (price_cents: number): FeeActivity => ({
  price_cents,
  tariffs: [],
  age_on: null,
  start_date: '2026-10-01',
  reductions_apply: true,
});

describe('fees as ordinances write them (worked examples, docs/fees.md)', () => {
  it('Tordoia: 50 € under 18 and over 65, 80 € from 18 to 65, the default band without a birth date', () => {
    const activity: FeeActivity = {
      price_cents: 8000,
      tariffs: [
        { min_age: 0, max_age: 17, price_cents: 5000, is_default: false },
        { min_age: 18, max_age: 65, price_cents: 8000, is_default: true },
        { min_age: 66, max_age: null, price_cents: 5000, is_default: false },
      ],
      age_on: null,
      start_date: '2026-10-01',
      reductions_apply: true,
    };
    const fee = (birthDate: string | null) =>
      computeFee({
        activity,
        birthDate,
        today: '2026-09-01',
        approvals: [],
        rules: NONE,
        member: null,
      });
    // 17 on the start date (born 2008-10-02), 18 the day before it ends (born 2008-10-01)
    expect(fee('2008-10-02').amount_cents).toBe(5000);
    expect(fee('2008-10-01').amount_cents).toBe(8000);
    expect(fee('1960-10-01').breakdown.tariff).toEqual({
      min_age: 66,
      max_age: null,
      age: 66,
      is_default: false,
    });
    expect(fee('1961-10-02').amount_cents).toBe(8000);
    expect(fee(null).breakdown.tariff).toEqual({
      min_age: 18,
      max_age: 65,
      age: null,
      is_default: true,
    });
  });

  it('Ortuella: family 5 %, large family 10 %, students 20 %, not cumulative: the best one alone', () => {
    const rules: FeeRules = {
      reductions: [
        { circumstance_id: 1, percent_bp: 1000 },
        { circumstance_id: 2, percent_bp: 2000 },
      ],
      family: [{ from_member: 2, percent_bp: 500 }],
      cumulative: false,
    };
    const large = { circumstance_id: 1, name: 'Familia numerosa' };
    const student = { circumstance_id: 2, name: 'Estudiante universitario' };
    const fee = (approvals: { circumstance_id: number; name: string }[], member: number | null) =>
      computeFee({
        activity: single(12_345),
        birthDate: null,
        today: '2026-09-01',
        approvals,
        rules,
        member,
      });
    expect(fee([], 2)).toMatchObject({
      amount_cents: 11_728,
      breakdown: {
        reduction: null,
        family_discount: { member: 2, percent_bp: 500, off_cents: 617 },
      },
    });
    expect(fee([large], 2)).toMatchObject({
      amount_cents: 11_111,
      breakdown: {
        reduction: { name: 'Familia numerosa', off_cents: 1234 },
        family_discount: null,
      },
    });
    expect(fee([large, student], 2).amount_cents).toBe(9876);
    expect(fee([], null).amount_cents).toBe(12_345);
  });

  it('stacks when the ordinance says so: the best reduction, then the family discount on what is left', () => {
    const rules: FeeRules = {
      reductions: [{ circumstance_id: 1, percent_bp: 2000 }],
      family: [{ from_member: 2, percent_bp: 2000 }],
      cumulative: true,
    };
    const fee = computeFee({
      activity: single(6000),
      birthDate: null,
      today: '2026-09-01',
      approvals: [{ circumstance_id: 1, name: 'Familia numerosa' }],
      rules,
      member: 2,
    });
    expect(fee.amount_cents).toBe(3840);
    expect(fee.breakdown.reduction?.off_cents).toBe(1200);
    expect(fee.breakdown.family_discount?.off_cents).toBe(960);
  });

  it('a fixed price never raises a fee, 100 % makes it free, and an activity may take no reductions', () => {
    const rules: FeeRules = {
      reductions: [
        { circumstance_id: 1, price_cents: 4500 },
        { circumstance_id: 2, percent_bp: 10_000 },
      ],
      family: [],
      cumulative: false,
    };
    const fee = (activity: FeeActivity, id: number) =>
      computeFee({
        activity,
        birthDate: null,
        today: '2026-09-01',
        approvals: [{ circumstance_id: id, name: 'x' }],
        rules,
        member: null,
      }).amount_cents;
    expect(fee(single(6000), 1)).toBe(4500);
    expect(fee(single(3000), 1)).toBe(3000);
    expect(fee(single(6000), 2)).toBe(0);
    expect(fee({ ...single(6000), reductions_apply: false }, 2)).toBe(6000);
  });

  it('Vitoria-Gasteiz: the 3rd member 25 %, from the 6th 80 %, on the cheaper fees first', () => {
    const fees = [
      { key: 'a', price_cents: 5000, enrolment_id: 1, activity_id: 10 },
      { key: 'b', price_cents: 9000, enrolment_id: 2, activity_id: 10 },
      { key: 'c', price_cents: 7000, enrolment_id: 3, activity_id: 10 },
      { key: 'd', price_cents: 7000, enrolment_id: 4, activity_id: 11 },
      { key: 'e', price_cents: 3000, enrolment_id: 5, activity_id: 11 },
      { key: 'f', price_cents: 6000, enrolment_id: 6, activity_id: 10 },
      { key: 'g', price_cents: 4000, enrolment_id: 2, activity_id: 11 },
    ];
    const places = familyPositions(fees);
    expect(Object.fromEntries(places)).toEqual({ b: 1, g: 1, c: 2, d: 3, f: 4, a: 5, e: 6 });
    const rules: FeeRules = {
      reductions: [],
      family: [
        { from_member: 3, percent_bp: 2500 },
        { from_member: 6, percent_bp: 8000 },
      ],
      cumulative: false,
    };
    const amount = (key: string, price: number) =>
      computeFee({
        activity: single(price),
        birthDate: null,
        today: '2026-09-01',
        approvals: [],
        rules,
        member: places.get(key)!,
      }).amount_cents;
    expect(amount('c', 7000)).toBe(7000);
    expect(amount('d', 7000)).toBe(5250);
    expect(amount('a', 5000)).toBe(3750);
    expect(amount('e', 3000)).toBe(600);
  });
});
