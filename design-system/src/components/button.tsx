import type * as React from 'react';
import { Slot } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../lib/cn.ts';
import { Spinner } from './spinner.tsx';

export const buttonVariants = cva(
  'inline-flex cursor-pointer items-center justify-center gap-2 rounded-control border-2 font-semibold ' +
    'focus-ring transition-colors disabled:cursor-not-allowed disabled:opacity-60 ' +
    'aria-disabled:cursor-not-allowed aria-disabled:not-aria-busy:opacity-60 aria-busy:cursor-progress',
  {
    variants: {
      variant: {
        primary:
          'border-primary bg-primary text-primary-foreground hover:border-primary-hover hover:bg-primary-hover',
        secondary: 'border-primary bg-background text-primary hover:bg-primary-surface',
        danger:
          'border-error bg-error text-error-foreground hover:border-error-hover hover:bg-error-hover',
        link: 'border-transparent bg-transparent text-link underline underline-offset-4 hover:text-link-hover hover:decoration-2',
      },
      size: {
        sm: 'min-h-9 px-3 py-1 text-small',
        md: 'min-h-11 px-4 py-2 text-body',
        lg: 'min-h-12 px-6 py-2.5 text-lead',
      },
    },
    compoundVariants: [{ variant: 'link', class: 'min-h-0 px-0 py-0 rounded-sm' }],
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonProps = React.ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child (e.g. a router link) with button styles instead of a <button>. */
    asChild?: boolean;
    /**
     * Busy: shows a spinner, sets aria-busy and aria-disabled and ignores clicks, but keeps focus
     * (a disabled button would drop it). The visible label stays, so pass e.g. "Paying..." if needed.
     */
    loading?: boolean;
  };

/** The portal's button: primary, secondary, danger or link, three sizes, and a loading state. */
export function Button({
  className,
  variant,
  size,
  asChild = false,
  loading = false,
  onClick,
  children,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  return (
    <Comp
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
      {asChild ? (
        children
      ) : (
        <>
          {loading ? <Spinner className="size-4" /> : null}
          {children}
        </>
      )}
    </Comp>
  );
}
