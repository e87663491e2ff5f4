import { describe, expect, it } from 'vitest';
import {
  lineLock,
  payButtonState,
  paymentRequest,
  rowId,
  selectableLines,
  toggleLine,
  type PublicConfig,
  type UserActivity,
} from './rules';

const open: PublicConfig = {
  fee_mode: 'simple',
  maintenance_mode: false,
  payments_enabled: true,
  global_discount: 0,
  deadline_date: '2026-12-15',
  payments_open: true,
  bizum_enabled: false,
  direct_debit_enabled: false,
  today: '2026-11-21',
};

const whole: UserActivity = {
  id: 1,
  name: 'Yoga',
  price: 40,
  start_date: null,
  is_paid: false,
  amount_due: 30,
  breakdown: null,
  amount: 30,
  amount_with_discount: null,
  dni: '87654321X',
  person_activity_id: 4,
};
const DAYS = ['2026-11-15', '2027-01-15', '2027-04-15'];
const part = (number: number, person = 4): UserActivity => ({
  ...whole,
  id: 8,
  name: 'Escola de natación',
  amount: 30,
  amount_due: 30,
  person_activity_id: person,
  part: { number, of: 3, due_date: DAYS[number - 1]! },
});
const [p1, p2, p3] = [part(1), part(2), part(3)];
const pending = [whole, p1, p2, p3];

describe('lines of a fee in parts', () => {
  it('keys each part apart: person, activity and part number', () => {
    expect(rowId(whole)).toBe('4:1');
    expect([p1, p2, p3].map(rowId)).toEqual(['4:8:1', '4:8:2', '4:8:3']);
    expect(rowId(part(1, 3))).toBe('3:8:1');
  });

  it('ticking a part ticks the earlier ones of the same fee only', () => {
    const other = part(1, 3);
    const all = [...pending, other];
    expect([...toggleLine(new Set(), p3, true, all)].sort()).toEqual(['4:8:1', '4:8:2', '4:8:3']);
    expect([...toggleLine(new Set(['4:1']), p1, true, all)].sort()).toEqual(['4:1', '4:8:1']);
  });

  it('unticking a part unticks the later ones, leaving the earlier ones and other fees', () => {
    const ticked = new Set(['4:1', '4:8:1', '4:8:2', '4:8:3', '3:8:3']);
    expect([...toggleLine(ticked, p2, false, [...pending, part(3, 3)])].sort()).toEqual([
      '3:8:3',
      '4:1',
      '4:8:1',
    ]);
  });

  it('a whole fee toggles alone', () => {
    expect([...toggleLine(new Set(['4:8:1']), whole, true, pending)].sort()).toEqual([
      '4:1',
      '4:8:1',
    ]);
    expect([...toggleLine(new Set(['4:1']), whole, false, pending)]).toEqual([]);
  });

  it('a part is open until its day (inclusive, the server’s today); after it, it and the later ones lock', () => {
    expect(lineLock(p1, { ...open, today: '2026-11-15' }, pending)).toBeNull();
    expect(lineLock(p1, { ...open, today: '2026-11-16' }, pending)).toBe('part_deadline_passed');
    expect(lineLock(p2, { ...open, today: '2026-11-16' }, pending)).toBe('earlier_part_overdue');
    // once the earlier part is paid, the later ones follow only their own days
    expect(lineLock(p2, { ...open, today: '2026-11-16' }, [whole, p2, p3])).toBeNull();
    expect(
      selectableLines([whole, p2, p3], { ...open, deadline_date: null, today: '2027-01-16' }),
    ).toEqual([whole]);
  });

  it('the global deadline closes whole fees, not parts; payments off closes everything', () => {
    const expired = { ...open, today: '2026-12-15', payments_open: false };
    expect(lineLock(whole, expired, [whole, p2])).toBe('global_deadline_expired');
    expect(lineLock(p2, expired, [whole, p2])).toBeNull();
    const off = { ...open, payments_enabled: false, payments_open: false };
    expect(lineLock(p2, off, [p2])).toBe('payments_disabled');
    expect(payButtonState([p2], expired, false, [p2])).toMatchObject({ disabled: false });
    expect(payButtonState([], expired, false, [whole])).toMatchObject({
      disabled: true,
      reason: 'global_deadline_expired',
    });
    expect(payButtonState([], expired, false, [p2]).reason).toBe('select_activities');
  });

  it('the payment call names whole fees by id and parts by activity and number', () => {
    expect(paymentRequest([whole, p1, p2], false, open)).toEqual({
      person_activity_id: 4,
      activity_ids: [1],
      parts: [
        { activity_id: 8, number: 1 },
        { activity_id: 8, number: 2 },
      ],
      use_discount: false,
      pay_method: 'card',
    });
    expect(paymentRequest([p2], false, open)).toMatchObject({
      activity_ids: [],
      parts: [{ activity_id: 8, number: 2 }],
    });
  });
});
