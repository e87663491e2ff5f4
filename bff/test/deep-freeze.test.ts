import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../src/lib/deep-freeze.js';

describe('deepFreeze', () => {
  it('freezes every level, so an edit anywhere throws', () => {
    const answer = deepFreeze([{ id: 1, person: { dni: '12345678Z', tags: ['a'] } }]);
    expect(() => answer.push({ id: 2, person: { dni: '', tags: [] } })).toThrow(TypeError);
    expect(() => {
      answer[0]!.person.dni = 'x';
    }).toThrow(TypeError);
    expect(() => answer[0]!.person.tags.push('b')).toThrow(TypeError);
  });

  it('leaves bytes (a BLOB column) as they are instead of failing', () => {
    const row = deepFreeze({ id: 1, data: Buffer.from('xlsx') });
    expect(Object.isFrozen(row)).toBe(true);
    expect(row.data.toString()).toBe('xlsx');
  });
});
