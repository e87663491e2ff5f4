import type * as React from 'react';
import { cn } from '../lib/cn.ts';

const spinnerSizes = { sm: 'size-4', md: 'size-5', lg: 'size-8' } as const;

export type SpinnerProps = React.ComponentProps<'svg'> & {
  /** 16, 20 (default) or 32 px. */
  size?: keyof typeof spinnerSizes;
};

/** Decorative spinning circle (aria-hidden). Pair it with visible or sr-only text. */
export function Spinner({ size = 'md', className, ...props }: SpinnerProps) {
  return (
    <svg
      data-slot="spinner"
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      className={cn(
        'shrink-0 animate-spin motion-reduce:animate-[spin_2s_linear_infinite]',
        spinnerSizes[size],
        className,
      )}
      {...props}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeWidth="3" opacity="0.25" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

export type LoadingProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** Translated text, e.g. "Loading...". Announced politely (role="status"). */
  label: string;
};

/** Spinner plus text in a polite live region, for a whole screen or section that is loading. */
export function Loading({ label, className, ...props }: LoadingProps) {
  return (
    <div
      role="status"
      data-slot="loading"
      className={cn('flex items-center gap-3 py-4 text-body text-muted-foreground', className)}
      {...props}
    >
      <Spinner className="text-primary" />
      <span>{label}</span>
    </div>
  );
}
