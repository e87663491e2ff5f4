import { describe, expect, it } from 'vitest';
import { addMonths, checkApproval, checkRefusal } from './rules';

describe('review rules', () => {
  it.each([
    ['2026-11-27', 12, '2027-11-27'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2027-12-15', 3, '2028-03-15'],
  ])('%s plus %s months is %s', (day, months, expected) =>
    expect(addMonths(day, months)).toBe(expected),
  );

  it('an approval needs a date', () => {
    expect(checkApproval(' ')).toEqual({
      ok: false,
      summary: null,
      errors: { validUntil: 'admin.requests.required.validUntil' },
    });
    expect(checkApproval('27/11/2027')).toMatchObject({ ok: false });
    expect(checkApproval('2027-11-27')).toEqual({ ok: true, payload: '2027-11-27' });
  });

  it('a refusal needs a usual reason or a text of 500 characters at most', () => {
    expect(checkRefusal({ reasonCode: '', reason: '  ' })).toEqual({
      ok: false,
      summary: null,
      errors: { reasonCode: 'admin.requests.required.reason' },
    });
    expect(checkRefusal({ reasonCode: 'expired', reason: 'x'.repeat(501) })).toEqual({
      ok: false,
      summary: null,
      errors: { reason: 'admin.requests.reasonTooLong' },
    });
    expect(checkRefusal({ reasonCode: 'expired', reason: ' Caducó en 2025. ' })).toEqual({
      ok: true,
      payload: { reason_code: 'expired', reason: 'Caducó en 2025.' },
    });
  });
});
