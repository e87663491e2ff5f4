import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { RefundDialog } from '@portal/design-system/components/refund-dialog.tsx';
import { formatEuros } from '@portal/design-system/lib/format.ts';
import { useState } from 'react';
import { useLocale } from '../../../i18n/i18n-provider';
import { refundPayment, type AdminPayment } from '../api/payments';
import { serverMsg, useFormatMsg, useT, type Msg } from '../components/messages';

type Item = AdminPayment['items'][number];

/** The items of a payment whose fee owes money back (a reduction approved after payment). */
export const refundDueItems = (payment: AdminPayment): Item[] =>
  payment.items.filter((item) => (item.refund_due ?? 0) > 0);

/**
 * "Refund X €" on an item whose fee a late reduction left owing back, and its dialog: the amount
 * owed back (the parts stay paid), the reason written for staff ("reduction approved after
 * payment", which they may change). A refusal stays in the dialog.
 */
export function RefundDueAction({
  payment,
  item,
  onRefunded,
}: {
  payment: AdminPayment;
  item: Item;
  onRefunded: (payment: AdminPayment) => void;
}) {
  const t = useT();
  const format = useFormatMsg();
  const { locale } = useLocale();
  const amount = formatEuros(item.refund_due ?? 0, locale);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<Msg | null>(null);

  function start() {
    setReason(t('admin.payments.refundDue.reason'));
    setFailure(null);
    setOpen(true);
  }

  async function confirm() {
    if (saving || reason.trim() === '') return;
    setSaving(true);
    setFailure(null);
    const answer = await refundPayment(payment.id, {
      reason: reason.trim(),
      activity_ids: [item.activity_id],
      amount: item.refund_due ?? 0,
      // a family's payment may pay the activity for two people: whose fee owes it
      ...(item.person_activity_id === undefined
        ? {}
        : { person_activity_id: item.person_activity_id }),
    });
    setSaving(false);
    if (answer.ok) {
      setOpen(false);
      onRefunded(answer.data);
    } else {
      setFailure(serverMsg(answer.error, 'admin.payments.refund.failed'));
    }
  }

  return (
    <>
      <Button
        type="button"
        size="sm"
        variant="danger"
        aria-label={t('admin.payments.refundDue.buttonFor', { amount, order: payment.order })}
        onClick={start}
      >
        {t('admin.payments.refundDue.button', { amount })}
      </Button>
      <RefundDialog
        open={open}
        title={t('admin.payments.refund.title', { order: payment.order })}
        description={t('admin.payments.refundDue.description')}
        itemsLegend={t('admin.payments.refund.items')}
        items={[
          {
            id: String(item.activity_id),
            label: item.name,
            amount,
            checked: true,
            disabled: true,
          },
        ]}
        onItemChange={() => undefined}
        totalLabel={t('admin.payments.refund.total')}
        total={amount}
        reasonLabel={t('admin.payments.refund.reason')}
        reasonHint={t('admin.payments.refund.reasonHint')}
        reason={reason}
        onReasonChange={setReason}
        reasonError={reason.trim() === '' ? t('admin.payments.refund.reasonRequired') : null}
        errorPrefix={t('admin.common.errorPrefix')}
        confirmLabel={t('admin.payments.refund.confirm')}
        cancelLabel={t('admin.common.cancel')}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
        loading={saving}
        error={failure ? <Alert variant="error">{format(failure)}</Alert> : null}
      />
    </>
  );
}
