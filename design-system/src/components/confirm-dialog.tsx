import type * as React from 'react';
import { Button } from './button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from './dialog.tsx';

export type ConfirmDialogProps = {
  /** Whether the dialog is shown (controlled by the app). */
  open: boolean;
  /** The question, e.g. "Delete this person?". */
  title: React.ReactNode;
  /** What happens if confirmed, under the title. */
  description?: React.ReactNode;
  /** Text of the confirm button, e.g. "Delete". */
  confirmLabel: string;
  /** Text of the cancel button, e.g. "Cancel". */
  cancelLabel: string;
  /** Called when the confirm button is pressed. */
  onConfirm: () => void;
  /** Cancel button, Escape and a click outside all call this. */
  onCancel: () => void;
  /** "danger" for deletions (red confirm button). */
  variant?: 'primary' | 'danger';
  /** Confirm in progress: spinner on the confirm button, clicks ignored. */
  loading?: boolean;
  /** Shown inside the dialog, e.g. an Alert when the action failed. */
  children?: React.ReactNode;
};

/**
 * Asks before a destructive action (delete a user, remove a person...). Controlled: the app
 * keeps `open` and closes it in onConfirm/onCancel. Focus starts on Cancel.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  variant = 'danger',
  loading = false,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
    >
      <DialogContent
        role="alertdialog"
        data-slot="confirm-dialog"
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <DialogTitle>{title}</DialogTitle>
        {description ? <DialogDescription>{description}</DialogDescription> : null}
        {children}
        <DialogFooter>
          <Button type="button" variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button type="button" variant={variant} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
