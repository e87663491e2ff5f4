import type * as React from 'react';
import { cn } from '../lib/cn.ts';

export type HelpButtonProps = Omit<React.ComponentProps<'button'>, 'children'> & {
  /** Visible text, e.g. "Help". */
  label: string;
  /**
   * "fixed" (default) floats at the bottom right of the viewport from 600 px up; on a narrower
   * screen, where it would cover the page's own checkboxes and buttons as the page scrolls, it
   * stays in the flow (at the end of the page, right-aligned). "static" always stays in the flow.
   */
  position?: 'fixed' | 'static';
};

/** Floating round "? Help" button that opens the HelpModal (the app holds the open state). */
export function HelpButton({ label, position = 'fixed', className, ...props }: HelpButtonProps) {
  return (
    <button
      type="button"
      data-slot="help-button"
      aria-haspopup="dialog"
      className={cn(
        'inline-flex min-h-12 cursor-pointer items-center gap-2 rounded-full border-2 border-primary bg-primary px-5',
        'font-semibold text-primary-foreground shadow-lg hover:bg-primary-hover focus-ring',
        position === 'fixed' &&
          'max-narrow:mx-4 max-narrow:mb-6 max-narrow:self-end narrow:fixed narrow:right-4 narrow:bottom-4 narrow:z-40',
        className,
      )}
      {...props}
    >
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <circle cx="12" cy="12" r="10" />
        <path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01" />
      </svg>
      {label}
    </button>
  );
}
