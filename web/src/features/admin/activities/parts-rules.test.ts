import { describe, expect, it } from 'vitest';
import {
  checkParts,
  parsePercent,
  partFieldOf,
  partRow,
  partsConflictField,
  partsPayload,
  percentToText,
} from './parts-rules';

const rows = (...parts: [string, string][]) =>
  parts.map(([percent, dueDate]) => partRow({ percent, dueDate }));

describe('the parts of a fee, as the form checks them', () => {
  it('reads a share with a comma or a point, above 0, up to 100, two decimals at most', () => {
    expect(parsePercent('50')).toBe(5000);
    expect(parsePercent('33,33')).toBe(3333);
    expect(parsePercent(' 33.34 ')).toBe(3334);
    expect(parsePercent('100')).toBe(10_000);
    for (const wrong of ['0', '0,00', '100,01', '101', '33,333', '-5', 'la mitad', ''])
      expect(parsePercent(wrong), wrong).toBeNull();
    expect(percentToText(5000, 'es')).toBe('50');
    expect(percentToText(3333, 'gl')).toBe('33,33');
    expect(percentToText(3333, 'en')).toBe('33.33');
  });

  it('no parts: one payment, nothing to check, [] sent', () => {
    expect(checkParts([])).toEqual({});
    expect(partsPayload([])).toEqual([]);
  });

  it('sends each share in percent and each last day', () => {
    const parts = rows(['33,33', '2026-10-15'], ['33,33', '2027-01-15'], ['33,34', '2027-04-15']);
    expect(checkParts(parts)).toEqual({});
    expect(partsPayload(parts)).toEqual([
      { percent: 33.33, due_date: '2026-10-15' },
      { percent: 33.33, due_date: '2027-01-15' },
      { percent: 33.34, due_date: '2027-04-15' },
    ]);
  });

  it('refuses shares not adding up to 100, naming the sum', () => {
    expect(checkParts(rows(['50', '2026-10-15'], ['40', '2027-01-15']))).toEqual({
      parts: { id: 'admin.activities.parts.total', values: { sum: 90 } },
    });
  });

  it('refuses a day not after the one before, a missing or impossible day, one part alone, more than 12', () => {
    expect(checkParts(rows(['50', '2027-01-15'], ['50', '2027-01-15']))).toEqual({
      'part.1.dueDate': { id: 'admin.activities.parts.order', values: { part: 2, previous: 1 } },
    });
    expect(checkParts(rows(['50', ''], ['50', '2026-02-30']))).toEqual({
      'part.0.dueDate': { id: 'admin.activities.parts.dueDateRequired', values: { part: 1 } },
      'part.1.dueDate': { id: 'admin.activities.parts.dueDateInvalid', values: { part: 2 } },
    });
    expect(checkParts(rows(['100', '2026-10-15']))).toEqual({
      parts: { id: 'admin.activities.parts.one' },
    });
    const thirteen = Array.from({ length: 13 }, (_, i) =>
      partRow({ percent: i < 12 ? '7,69' : '7,72', dueDate: `2027-01-${String(i + 10)}` }),
    );
    expect(checkParts(thirteen).parts).toEqual({
      id: 'admin.activities.parts.tooMany',
      values: { max: 12 },
    });
  });

  it('maps the server’s 422 items and its 409 to the editor’s fields', () => {
    expect(partFieldOf(['parts'])).toBe('parts');
    expect(partFieldOf(['parts', 1, 'due_date'])).toBe('part.1.dueDate');
    expect(partFieldOf(['parts', 0, 'percent'])).toBe('part.0.percent');
    expect(partFieldOf(['tariffs', 0, 'price'])).toBeNull();
    expect(partsConflictField('parts_locked')).toBe('parts');
    expect(partsConflictField('already_drawn')).toBeNull();
  });
});
