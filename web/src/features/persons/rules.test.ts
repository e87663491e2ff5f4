import { describe, expect, it } from 'vitest';
import {
  associationRequestBody,
  clampPage,
  filterPersons,
  pageCount,
  pageRows,
  validateRequest,
  validateVerify,
  type ManagedPerson,
} from './rules';

const people: ManagedPerson[] = [
  { person_activity_id: 3, full_name: 'María López García', dni: '12345678Z' },
  { person_activity_id: 4, full_name: 'Xoán López Pereira', dni: '87654321X' },
  { person_activity_id: 5, full_name: 'Ana Souto', dni: 'X1234567L' },
];

describe('filterPersons', () => {
  it('matches dni and full name without regard to case or accents', () => {
    expect(filterPersons(people, 'lópez').map((p) => p.person_activity_id)).toEqual([3, 4]);
    expect(filterPersons(people, 'LOPEZ')).toHaveLength(2);
    expect(filterPersons(people, 'x1234')).toEqual([people[2]]);
    expect(filterPersons(people, '  maría ')).toEqual([people[0]]);
  });

  it('returns everyone for an empty query and nobody for no match', () => {
    expect(filterPersons(people, '')).toHaveLength(3);
    expect(filterPersons(people, 'zzz')).toEqual([]);
  });
});

describe('pagination', () => {
  const many = Array.from({ length: 23 }, (_, i) => i + 1);

  it('counts pages of 10 (at least 1)', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
    expect(pageCount(23)).toBe(3);
  });

  it('slices a page and clamps out-of-range pages', () => {
    expect(pageRows(many, 1)).toEqual(many.slice(0, 10));
    expect(pageRows(many, 3)).toEqual([21, 22, 23]);
    expect(pageRows(many, 9)).toEqual([21, 22, 23]);
    expect(clampPage(0, 23)).toBe(1);
    expect(clampPage(5, 23)).toBe(3);
  });
});

describe('association request', () => {
  it('requires dni and phone', () => {
    expect(validateRequest({ dni: ' ', phone: '' })).toEqual({
      dni: 'required',
      phone: 'required',
    });
    expect(validateRequest({ dni: '87654321X', phone: '622334455' })).toEqual({});
  });

  it('wants the phone as 9 digits', () => {
    expect(validateRequest({ dni: '87654321X', phone: '62233' })).toEqual({
      phone: 'phone_digits',
    });
    expect(validateRequest({ dni: '87654321X', phone: '62233445a' })).toEqual({
      phone: 'phone_digits',
    });
  });

  it('sends trimmed values with the 34 prefix', () => {
    expect(associationRequestBody({ dni: ' 87654321x ', phone: '622334455 ' })).toEqual({
      dni: '87654321x',
      phone: '34622334455',
    });
  });

  it('requires the code to verify', () => {
    expect(validateVerify({ otp: '' })).toEqual({ otp: 'required' });
    expect(validateVerify({ otp: '159357' })).toEqual({});
  });
});
