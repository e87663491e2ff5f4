import type * as React from 'react';
import { Button } from './button.tsx';
import { CheckboxField } from './checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from './dialog.tsx';
import { TextField } from './text-field.tsx';

export type RefundDialogItem = {
  id: string;
  /** The activity's name. */
  label: string;
  /** Its amount, formatted. */
  amount: string;
  checked: boolean;
  /** Already refunded, or fixed (a duplicate payment is refunded whole). */
  disabled?: boolean;
};

export type RefundDialogProps = {
  /** Whether the dialog is shown (controlled by the app). */
  open: boolean;
  /** E.g. "Refund payment 2611AB12CD34". */
  title: React.ReactNode;
  /** Optional sentence under the title. */
  description?: React.ReactNode;
  /** Legend of the group of items, e.g. "Activities to refund". */
  itemsLegend: string;
  /** The payment's items, each with its label, amount and whether it is checked. */
  items: RefundDialogItem[];
  /** Called when an item is checked or unchecked. */
  onItemChange: (id: string, checked: boolean) => void;
  /** "Amount to refund", and the app's total of the checked items, formatted. */
  totalLabel: string;
  /** The sum of the checked items, formatted, e.g. "45,00 €". */
  total: string;
  /** Label of the reason field, e.g. "Reason". */
  reasonLabel: string;
  /** Help text under the reason label. */
  reasonHint?: string;
  /** The reason typed so far. */
  reason: string;
  /** Called with the reason as it is typed. */
  onReasonChange: (reason: string) => void;
  /** Error shown at the reason field, e.g. when it is empty. */
  reasonError?: string | null;
  /** Visually hidden prefix for the field error, e.g. "Error:". */
  errorPrefix: string;
  /** Text of the confirm button, e.g. "Refund". */
  confirmLabel: string;
  /** Text of the cancel button, e.g. "Cancel". */
  cancelLabel: string;
  /** Called when the confirm button is pressed. */
  onConfirm: () => void;
  /** Cancel button, Escape and a click outside all call this. */
  onCancel: () => void;
  /** Refund in progress: spinner on the confirm button, clicks ignored. */
  loading?: boolean;
  /** The server's refusal (an Alert), shown above the buttons. */
  error?: React.ReactNode;
};

/**
 * Confirms a refund: which activities, the amount that goes back (always visible) and a
 * required reason. Unlike ConfirmDialog (yes or no), this one collects input; unlike
 * DiscountModal, it changes money already taken. The app computes the total and checks the
 * reason; this component only shows them.
 */
export function RefundDialog(props: RefundDialogProps) {
  const { open, items, loading = false } = props;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !loading) props.onCancel();
      }}
    >
      <DialogContent
        data-slot="refund-dialog"
        {...(props.description ? {} : { 'aria-describedby': undefined })}
      >
        <DialogTitle>{props.title}</DialogTitle>
        {props.description ? <DialogDescription>{props.description}</DialogDescription> : null}
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            props.onConfirm();
          }}
        >
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-semibold">{props.itemsLegend}</legend>
            {items.map((item) => (
              <CheckboxField
                key={item.id}
                id={`refund-item-${item.id}`}
                label={`${item.label} — ${item.amount}`}
                checked={item.checked}
                disabled={item.disabled || loading}
                onCheckedChange={(checked) => props.onItemChange(item.id, checked === true)}
              />
            ))}
          </fieldset>
          <p className="text-lead" aria-live="polite">
            <span>{props.totalLabel}: </span>
            <strong>{props.total}</strong>
          </p>
          <TextField
            id="refund-reason"
            label={props.reasonLabel}
            hint={props.reasonHint}
            error={props.reasonError}
            errorPrefix={props.errorPrefix}
            value={props.reason}
            maxLength={500}
            required
            onChange={(event) => props.onReasonChange(event.target.value)}
          />
          {props.error}
          <DialogFooter>
            <Button type="button" variant="secondary" onClick={props.onCancel} disabled={loading}>
              {props.cancelLabel}
            </Button>
            <Button type="submit" variant="danger" loading={loading}>
              {props.confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
