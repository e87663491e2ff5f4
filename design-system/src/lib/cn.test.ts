import { describe, expect, it } from 'vitest';
import { classConflicts } from './class-conflicts.ts';
import { cn } from './cn.ts';

describe('cn', () => {
  it('joins classes, skipping false and empty ones', () => {
    expect(cn('px-4', false, undefined, 'py-2', ['text-body'])).toBe('px-4 py-2 text-body');
  });

  it('keeps a colour and a custom font size together (not a conflict)', () => {
    expect(cn('text-primary-foreground', 'text-lead')).toBe('text-primary-foreground text-lead');
    expect(cn('text-link', 'text-small')).toBe('text-link text-small');
    expect(cn('rounded-control', 'hover:rounded-sm', 'max-narrow:px-2', 'px-4')).toBe(
      'rounded-control hover:rounded-sm max-narrow:px-2 px-4',
    );
  });

  it('throws in development on two classes that set the same property', () => {
    expect(() => cn('text-body', 'text-lead')).toThrow(/text-body/);
    expect(() => cn('px-4', false, 'px-0')).toThrow(/px-4/);
    expect(() => cn('rounded-control', 'rounded-sm')).toThrow(/rounded-control/);
  });
});

describe('classConflicts', () => {
  it('names every class another one overrides', () => {
    expect(classConflicts('w-full px-4 py-2 w-auto p-1')).toEqual(['w-full', 'px-4', 'py-2']);
    expect(classConflicts('text-foreground text-lead font-mono')).toEqual([]);
  });
});
