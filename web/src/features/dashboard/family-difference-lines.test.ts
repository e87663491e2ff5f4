import { describe, expect, it } from 'vitest';
import {
  differenceLines,
  lineLock,
  payButtonState,
  paymentRequest,
  pendingActivities,
  pendingFees,
  rowId,
  type PublicConfig,
  type UserActivity,
} from './rules';

const config: PublicConfig = {
  fee_mode: 'rules',
  maintenance_mode: false,
  payments_enabled: true,
  global_discount: 0,
  deadline_date: '2026-12-15',
  payments_open: true,
  bizum_enabled: true,
  direct_debit_enabled: true,
  today: '2026-11-21',
};

const difference = {
  id: 12,
  amount: 30,
  reason_code: 'member_refunded' as const,
  member_name: 'Xoán López Pereira',
  reason: 'The fee of Xoán López Pereira, which earned the family discount, was refunded.',
  created_at: '2026-11-21T10:00:00.000Z',
};

const fee = (overrides: Partial<UserActivity> = {}): UserActivity => ({
  id: 9,
  name: 'Escola de fútbol',
  price: 60,
  start_date: '2026-10-05',
  is_paid: false,
  amount_due: 60,
  breakdown: null,
  amount: 60,
  amount_with_discount: null,
  dni: '12345678Z',
  person_activity_id: 3,
  ...overrides,
});

// the paid fee whose family discount is no longer earned, in two paid parts
const paidParts = [1, 2].map((number) =>
  fee({
    is_paid: true,
    amount_due: null,
    amount: 15,
    part: { number, of: 2, due_date: `2026-1${number}-15` },
    family_difference: difference,
  }),
);
const basketball = fee({ id: 4, name: 'Baloncesto', amount_due: 37.5, amount: 37.5 });
const brother = fee({ id: 4, person_activity_id: 4, dni: '87654321X' });

describe('family differences as pending lines', () => {
  it('makes one pending line per paid fee with a difference, charged its amount', () => {
    const [line, ...more] = differenceLines(paidParts);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ id: 9, is_paid: false, amount_due: 30, part: null });
    expect(rowId(line!)).toBe('3:9:difference');
    expect(pendingActivities([basketball, ...paidParts]).map(rowId)).toEqual([
      '3:4',
      '3:9:difference',
    ]);
    expect(differenceLines([fee({ is_paid: true })])).toEqual([]);
  });

  it('is never domiciled: direct debit sees the fees alone', () => {
    expect(pendingFees(pendingActivities([basketball, ...paidParts])).map(rowId)).toEqual(['3:4']);
  });

  it('is payable while payments are on, after the global deadline too', () => {
    const [line] = differenceLines(paidParts);
    const closed = { ...config, deadline_date: '2026-11-01', payments_open: false };
    expect(lineLock(line!, closed)).toBeNull();
    expect(lineLock(basketball, closed)).toBe('global_deadline_expired');
    expect(payButtonState([line!], closed, false, [line!])).toMatchObject({
      disabled: false,
      amountCents: 3000,
    });
    expect(lineLock(line!, { ...config, payments_enabled: false })).toBe('payments_disabled');
  });

  it('names it in family_differences beside the form that names the fees', () => {
    const [line] = differenceLines(paidParts);
    expect(paymentRequest([line!], false, config, 'bizum')).toEqual({
      person_activity_id: 3,
      activity_ids: [],
      parts: [],
      family_differences: [12],
      use_discount: false,
      pay_method: 'bizum',
    });
    // another person's fee with it: one person's form, the difference named apart
    expect(paymentRequest([brother, line!], false, config)).toEqual({
      person_activity_id: 4,
      activity_ids: [4],
      parts: [],
      family_differences: [12],
      use_discount: false,
      pay_method: 'card',
    });
    expect(paymentRequest([basketball, brother, line!], false, config)).toMatchObject({
      people: [
        { person_activity_id: 3, activity_ids: [4] },
        { person_activity_id: 4, activity_ids: [4] },
      ],
      family_differences: [12],
    });
    // without one, the body is as before
    expect(paymentRequest([basketball], false, config)).not.toHaveProperty('family_differences');
  });
});
