import type * as React from 'react';
import { cn } from '../lib/cn.ts';
import type { DisabledProp } from '../lib/documented-props.ts';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';
export type ButtonStyle = {
  /** "primary" (default) for the main action, "secondary", "danger" for deletions, or "link". */
  variant?: ButtonVariant | null;
  /** Height and padding: "sm", "md" (default, 44 px) or "lg". */
  size?: ButtonSize | null;
};

const BASE =
  'inline-flex cursor-pointer items-center justify-center gap-2 border-2 font-semibold ' +
  'focus-ring transition-colors disabled:cursor-not-allowed disabled:opacity-60 ' +
  'aria-disabled:cursor-not-allowed aria-disabled:not-aria-busy:opacity-60 aria-busy:cursor-progress';

const VARIANTS: Record<ButtonVariant, string> = {
  primary:
    'border-primary bg-primary text-primary-foreground hover:border-primary-hover hover:bg-primary-hover',
  secondary: 'border-primary bg-background text-primary hover:bg-primary-surface',
  danger:
    'border-error bg-error text-error-foreground hover:border-error-hover hover:bg-error-hover',
  link: 'rounded-sm border-transparent bg-transparent text-link underline underline-offset-4 hover:text-link-hover hover:decoration-2',
};

// A size sets the text; the box (height, padding, corners) only where there is one: a link-styled
// button keeps the text size of its size but sits in the line like a link.
const TEXT: Record<ButtonSize, string> = { sm: 'text-small', md: 'text-body', lg: 'text-lead' };
const BOX: Record<ButtonSize, string> = {
  sm: 'min-h-9 rounded-control px-3 py-1',
  md: 'min-h-11 rounded-control px-4 py-2',
  lg: 'min-h-12 rounded-control px-6 py-2.5',
};

/**
 * The classes of a button, also for a link that looks like one. Plain maps: for two components
 * they read as well as class-variance-authority did, and ship nothing.
 */
export function buttonVariants({ variant, size }: ButtonStyle = {}): string {
  const v = variant ?? 'primary';
  const z = size ?? 'md';
  return `${BASE} ${VARIANTS[v]} ${TEXT[z]}${v === 'link' ? '' : ` ${BOX[z]}`}`;
}

export type ButtonProps = Omit<React.ComponentProps<'button'>, 'disabled'> &
  DisabledProp &
  ButtonStyle & {
    /**
     * Busy: shows a spinner, sets aria-busy and aria-disabled and ignores clicks, but keeps focus
     * (a disabled button would drop it). The visible label stays, so pass e.g. "Paying..." if needed.
     */
    loading?: boolean;
  };

/**
 * The portal's button: primary, secondary, danger or link, three sizes, and a loading state.
 * A link that looks like a button stays a link: give it `buttonVariants(...)` as its class (no
 * `asChild` slot: Radix's Slot would be the only Radix code on the sign-in screen, a kilobyte
 * of JavaScript for what one class name does).
 */
export function Button({
  className,
  variant,
  size,
  loading = false,
  onClick,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      {...props}
      data-slot="button"
      data-variant={variant ?? 'primary'}
      className={cn(buttonVariants({ variant, size }), className)}
      aria-busy={loading || undefined}
      aria-disabled={loading || props['aria-disabled'] || undefined}
      onClick={
        loading ? (event: React.MouseEvent<HTMLButtonElement>) => event.preventDefault() : onClick
      }
    >
      {loading ? <Spinner size="sm" /> : null}
      {children}
    </button>
  );
}
