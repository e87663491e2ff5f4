import { describe, expect, it } from 'vitest';
import { cn } from './cn.ts';

describe('cn', () => {
  it('keeps a colour and a custom font size together', () => {
    expect(cn('text-primary-foreground', 'text-lead')).toBe('text-primary-foreground text-lead');
    expect(cn('text-link', 'text-small')).toBe('text-link text-small');
  });

  it('lets the later class of the same group win', () => {
    expect(cn('text-body', 'text-lead')).toBe('text-lead');
    expect(cn('text-link', 'text-foreground')).toBe('text-foreground');
    expect(cn('rounded-control', 'rounded-sm')).toBe('rounded-sm');
    expect(cn('px-4', false, 'px-0')).toBe('px-0');
  });
});
