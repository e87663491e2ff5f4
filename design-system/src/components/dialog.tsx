import * as React from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { cn } from '../lib/cn.ts';
import type { WithAsChild } from '../lib/documented-props.ts';

/**
 * Styled Radix Dialog parts (focus trap, Escape and outside click close, focus return).
 * ConfirmDialog, HelpModal and DiscountModal are built from these.
 */
export function Dialog(props: React.ComponentProps<typeof DialogPrimitive.Root>) {
  return <DialogPrimitive.Root data-slot="dialog" {...props} />;
}

export function DialogTrigger(props: WithAsChild<typeof DialogPrimitive.Trigger>) {
  return <DialogPrimitive.Trigger data-slot="dialog-trigger" {...props} />;
}

export function DialogClose(props: WithAsChild<typeof DialogPrimitive.Close>) {
  return <DialogPrimitive.Close data-slot="dialog-close" {...props} />;
}

export type DialogContentProps = WithAsChild<typeof DialogPrimitive.Content> & {
  /** Role "alertdialog" for confirmations that need an answer. */
  role?: 'dialog' | 'alertdialog';
};

export function DialogContent({
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  // Radix returns focus only to a <Dialog.Trigger>; controlled dialogs opened from any button
  // (help button, row "remove" button...) get focus back on that element instead.
  const returnFocusRef = React.useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay
        data-slot="dialog-overlay"
        className="fixed inset-0 z-50 bg-black/50"
      />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg',
          '-translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-panel',
          'bg-background p-6 text-foreground shadow-xl focus-ring max-narrow:p-4',
          className,
        )}
        onOpenAutoFocus={(event) => {
          const active = document.activeElement;
          returnFocusRef.current =
            active instanceof HTMLElement && active !== document.body ? active : null;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const target = returnFocusRef.current;
          if (event.defaultPrevented || !target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
        {...props}
      >
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: WithAsChild<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn('pr-10 text-heading font-bold', className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: WithAsChild<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn('text-body text-foreground', className)}
      {...props}
    />
  );
}

export function DialogFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn('flex flex-wrap justify-end gap-3 max-narrow:flex-col-reverse', className)}
      {...props}
    />
  );
}

/** The × button in the top-right corner; `label` is its accessible name ("Close"). */
export function DialogCloseIcon({
  label,
  className,
}: {
  /** Accessible name of the button, e.g. "Close". */
  label: string;
  /** Class for the button. */
  className?: string;
}) {
  return (
    <DialogPrimitive.Close
      data-slot="dialog-close-icon"
      aria-label={label}
      className={cn(
        'absolute top-3 right-3 inline-flex size-10 cursor-pointer items-center justify-center rounded-control',
        'text-foreground hover:bg-surface focus-ring',
        className,
      )}
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
      >
        <path d="M6 6l12 12M18 6 6 18" />
      </svg>
    </DialogPrimitive.Close>
  );
}
