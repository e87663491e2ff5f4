import type * as React from 'react';
import { cn } from '../lib/cn.ts';

export type SkipLinkProps = Omit<React.ComponentProps<'a'>, 'href' | 'children'> & {
  /** Target, the id of <main> (default "#main"). */
  href?: string;
  /** Translated text, e.g. "Skip to main content". */
  children: React.ReactNode;
};

/** First focusable element of the page; visible only when focused. */
export function SkipLink({ href = '#main', className, ...props }: SkipLinkProps) {
  return (
    <a
      data-slot="skip-link"
      href={href}
      className={cn(
        'sr-only rounded-control bg-background px-4 py-2 font-semibold text-link underline focus-ring',
        'focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-[60]',
        className,
      )}
      {...props}
    />
  );
}
