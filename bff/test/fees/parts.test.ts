import { describe, expect, it } from 'vitest';
import { chargedPerPart, checkParts, owedBack, splitFee } from '../../src/services/fees/parts.js';

const parts = (...shares: number[]) =>
  shares.map((percent_bp, i) => ({ percent_bp, due_date: `2027-0${i + 1}-15` }));
const unpaid = { partsPaid: 0, paidCents: 0, wholePaid: false };
const amounts = (lines: { amount_cents: number }[]) => lines.map((l) => l.amount_cents);

describe('a fee split into parts (services/fees/parts.ts)', () => {
  it('each part its share rounded half up, the last taking the rounding', () => {
    expect(amounts(splitFee(parts(5000, 5000), 6751, unpaid))).toEqual([3376, 3375]);
    expect(amounts(splitFee(parts(3333, 3333, 3334), 10000, unpaid))).toEqual([3333, 3333, 3334]);
    expect(amounts(splitFee(parts(3333, 3333, 3334), 1, unpaid))).toEqual([0, 0, 1]);
    expect(amounts(splitFee(parts(2500, 2500, 2500, 2500), 0, unpaid))).toEqual([0, 0, 0, 0]);
  });

  it('the fee changed since part 1 was paid: the parts not paid share what is left, never below 0', () => {
    // 60 € paid as 30 € + 30 €; a reduction approved after part 1 makes it 48 €
    const lowered = splitFee(parts(5000, 5000), 4800, {
      partsPaid: 1,
      paidCents: 3000,
      wholePaid: false,
    });
    expect(lowered.map((l) => [l.number, l.paid, l.amount_cents])).toEqual([
      [1, true, 3000],
      [2, false, 1800],
    ]);
    const free = splitFee(parts(5000, 5000), 0, {
      partsPaid: 1,
      paidCents: 3000,
      wholePaid: false,
    });
    expect(amounts(free)).toEqual([3000, 0]);
    // three parts, one paid: the other two share what is left in their own proportions (3:4)
    const three = splitFee(parts(3000, 3000, 4000), 9000, {
      partsPaid: 1,
      paidCents: 3000,
      wholePaid: false,
    });
    expect(amounts(three)).toEqual([3000, 2571, 3429]);
  });

  it('paid parts show what each charged (an item of several parts shares its amount); the excess of a lowered fee is owed back', () => {
    const three = parts(3333, 3333, 3334);
    const charged = chargedPerPart(three, [
      { part_from: 2, part_to: 3, amount_cents: 1999 },
      { part_from: 1, part_to: 1, amount_cents: 8001 },
    ]);
    expect(charged).toEqual([8001, 999, 1000]);
    const lines = splitFee(three, 10000, {
      partsPaid: 3,
      paidCents: 10000,
      wholePaid: true,
      charged,
    });
    expect(amounts(lines)).toEqual([8001, 999, 1000]);
    // items not starting at the 1st part: nothing to go by
    expect(chargedPerPart(three, [{ part_from: 2, part_to: 2, amount_cents: 10 }])).toEqual([]);
    expect(owedBack(three, 5000, { partsPaid: 1, paidCents: 8001 })).toBe(3001);
    expect(owedBack(three, 10000, { partsPaid: 1, paidCents: 8001 })).toBe(0);
    expect(owedBack([], 0, { partsPaid: 0, paidCents: 8001 })).toBe(0);
  });

  it('paid parts share what was paid; the whole fee paid marks every part', () => {
    const paid = splitFee(parts(3333, 3333, 3334), 9999, {
      partsPaid: 2,
      paidCents: 6667,
      wholePaid: false,
    });
    expect(paid.map((l) => [l.paid, l.amount_cents])).toEqual([
      [true, 3334],
      [true, 3333],
      [false, 3332],
    ]);
    const whole = splitFee(parts(5000, 5000), 6000, {
      partsPaid: 0,
      paidCents: 6000,
      wholePaid: true,
    });
    expect(whole.map((l) => [l.paid, l.amount_cents])).toEqual([
      [true, 3000],
      [true, 3000],
    ]);
  });

  it('checks staff’s parts: sum, order of days, count, shares', () => {
    expect(checkParts([]).issues).toEqual([]);
    const ok = checkParts([
      { percent: 33.33, due_date: '2026-10-15' },
      { percent: 66.67, due_date: '2027-01-15' },
    ]);
    expect(ok).toEqual({
      parts: [
        { percent_bp: 3333, due_date: '2026-10-15' },
        { percent_bp: 6667, due_date: '2027-01-15' },
      ],
      issues: [],
    });
    const types = (input: { percent: number; due_date: string }[]) =>
      checkParts(input).issues.map((i) => i.type);
    expect(types([{ percent: 100, due_date: '2026-10-15' }])).toEqual(['parts_one']);
    expect(
      types([
        { percent: 50, due_date: '2026-10-15' },
        { percent: 50, due_date: '2026-10-15' },
      ]),
    ).toEqual(['parts_order']);
    expect(
      types([
        { percent: 60, due_date: '2026-10-15' },
        { percent: 50, due_date: '2026-11-15' },
      ]),
    ).toEqual(['parts_total']);
    expect(
      types(Array.from({ length: 13 }, (_, i) => ({ percent: 1, due_date: `2026-10-${10 + i}` }))),
    ).toEqual(['parts_too_many']);
  });
});
