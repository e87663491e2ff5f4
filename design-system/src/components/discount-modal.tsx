import type * as React from 'react';
import { Button } from './button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from './dialog.tsx';

export type DiscountModalProps = {
  /** Whether the dialog is shown (controlled by the app). */
  open: boolean;
  /** E.g. "Apply the reduction". */
  title: React.ReactNode;
  /** Declaration that the requirements are met and documents will be provided. */
  declaration: React.ReactNode;
  /** The reduction document, e.g. "/assets/bonificacion.pdf". */
  documentHref: string;
  /** E.g. "Download the reduction document (PDF)". */
  documentLabel: string;
  /** Text of the accept button, e.g. "I declare it and apply". */
  acceptLabel: string;
  /** Text of the cancel button, e.g. "Cancel". */
  cancelLabel: string;
  /** Called on accept; the app ticks the reduction checkbox. */
  onAccept: () => void;
  /** Cancel, Escape and a click outside call this; the app leaves the checkbox unticked. */
  onCancel: () => void;
};

/** The reduction's declaration, with its document, that a resident accepts before paying less. */
export function DiscountModal({
  open,
  title,
  declaration,
  documentHref,
  documentLabel,
  acceptLabel,
  cancelLabel,
  onAccept,
  onCancel,
}: DiscountModalProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
    >
      <DialogContent role="alertdialog" data-slot="discount-modal">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription asChild>
          <div className="flex flex-col gap-3">{declaration}</div>
        </DialogDescription>
        <p>
          <a
            href={documentHref}
            download
            className="inline-flex items-center gap-2 rounded-sm font-semibold text-link underline underline-offset-4 hover:decoration-2 focus-ring"
          >
            <svg
              aria-hidden="true"
              focusable="false"
              viewBox="0 0 24 24"
              className="size-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
            </svg>
            {documentLabel}
          </a>
        </p>
        <DialogFooter>
          <Button type="button" variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button type="button" onClick={onAccept}>
            {acceptLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
