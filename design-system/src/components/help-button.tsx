import type * as React from 'react';
import { cn } from '../lib/cn.ts';

export type HelpButtonProps = Omit<React.ComponentProps<'button'>, 'children'> & {
  /** Visible text, e.g. "Help". */
  label: string;
  /**
   * "fixed" (default) floats at the bottom right of the viewport from 600 px up as a round 48 px
   * "?" (the label stays its accessible name and tooltip), small enough for the page's right
   * gutter, which the layout keeps free for it; on a narrower screen, where it would cover the
   * page's own checkboxes and buttons as the page scrolls, it stays in the flow (at the end of
   * the page, right-aligned, with its label). "static" always stays in the flow.
   */
  position?: 'fixed' | 'static';
};

/**
 * Floating round "?" button that opens the HelpModal (the app holds the open state). Where it
 * floats, the page keeps a gutter free for it (`helpGutterClass`), so it never covers a control.
 */
export function HelpButton({ label, position = 'fixed', className, ...props }: HelpButtonProps) {
  const floating = position === 'fixed';
  return (
    <button
      type="button"
      data-slot="help-button"
      aria-haspopup="dialog"
      title={floating ? label : undefined}
      className={cn(
        'inline-flex min-h-12 cursor-pointer items-center gap-2 rounded-full border-2 border-primary bg-primary px-5',
        'font-semibold text-primary-foreground shadow-lg hover:bg-primary-hover focus-ring',
        floating &&
          'max-narrow:mx-4 max-narrow:mb-6 max-narrow:self-end narrow:fixed narrow:right-4 narrow:bottom-4 narrow:z-40 narrow:size-12 narrow:justify-center narrow:px-0',
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
      <span className={floating ? 'narrow:sr-only' : undefined}>{label}</span>
    </button>
  );
}

/**
 * For the page's content column (from 600 px up): a right padding that keeps the floating Help
 * button's column free (its 48 px, 16 px from the edge, and 16 px of air), whatever the width.
 * Where the centred column (max-w-6xl, 72rem) leaves a margin that wide already, it is the
 * ordinary 1rem.
 */
export const helpGutterClass = 'narrow:pr-[max(1rem,calc(5rem_-_max(0px,(100vw_-_72rem)/2)))]';
