import type * as React from 'react';
import { cn } from '../lib/cn.ts';

export type AlertVariant = 'success' | 'error' | 'info';

const VARIANTS: Record<AlertVariant, string> = {
  success: 'border-success bg-success-surface',
  error: 'border-error bg-error-surface',
  info: 'border-info bg-info-surface',
};

export type AlertProps = Omit<React.ComponentProps<'div'>, 'title'> & {
  /** Colour and icon: "success", "error" or "info" (default). */
  variant?: AlertVariant;
  /** Optional bold first line. */
  title?: React.ReactNode;
  /**
   * Live-region role. Defaults to "alert" for errors (interrupts) and "status" (polite) for
   * success/info. Pass "none" for static text that is there on page load.
   */
  role?: 'alert' | 'status' | 'none';
};

function AlertIcon({ variant }: { variant: AlertVariant }) {
  const common = {
    'aria-hidden': true,
    focusable: false,
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 2.5,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
    className: 'mt-0.5 size-6 shrink-0',
  } as const;
  if (variant === 'success')
    return (
      <svg {...common} className={cn(common.className, 'text-success-text')}>
        <circle cx="12" cy="12" r="10" />
        <path d="m7.5 12.5 3 3 6-6.5" />
      </svg>
    );
  if (variant === 'error')
    return (
      <svg {...common} className={cn(common.className, 'text-error-text')}>
        <circle cx="12" cy="12" r="10" />
        <path d="M12 7v6M12 17h.01" />
      </svg>
    );
  return (
    <svg {...common} className={cn(common.className, 'text-info-text')}>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 11v6M12 7h.01" />
    </svg>
  );
}

/** Inline message: success, error or info (amber). */
export function Alert({
  variant = 'info',
  title,
  role,
  className,
  children,
  ...props
}: AlertProps) {
  const resolvedRole = role ?? (variant === 'error' ? 'alert' : 'status');
  return (
    <div
      data-slot="alert"
      data-variant={variant}
      role={resolvedRole === 'none' ? undefined : resolvedRole}
      className={cn(
        'flex gap-3 rounded-panel border-l-8 px-4 py-3 text-body text-foreground',
        VARIANTS[variant],
        className,
      )}
      {...props}
    >
      <AlertIcon variant={variant} />
      <div className="flex min-w-0 flex-col gap-1 break-words">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div data-slot="alert-description">{children}</div> : null}
      </div>
    </div>
  );
}
