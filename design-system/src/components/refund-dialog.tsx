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
  open: boolean;
  title: React.ReactNode;
  description?: React.ReactNode;
  itemsLegend: string;
  items: RefundDialogItem[];
  onItemChange: (id: string, checked: boolean) => void;
  /** "Amount to refund", and the app's total of the checked items, formatted. */
  totalLabel: string;
  total: string;
  reasonLabel: string;
  reasonHint?: string;
  reason: string;
  onReasonChange: (reason: string) => void;
  reasonError?: string | null;
  errorPrefix: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
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
