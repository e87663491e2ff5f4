import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { RefundDialog } from '@portal/design-system/components/refund-dialog.tsx';
import { formatEuros } from '@portal/design-system/lib/format.ts';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocale } from '../../../i18n/i18n-provider';
import { refundPayment, type AdminPayment } from '../api/payments';
import { serverMsg, useFormatMsg, useT, type Msg } from '../components/messages';
import { paidPartsName } from '../../payments/part-names';
import { refundableItems, refundsWhole, refundTotal } from './refund-rules';
import { ADMIN_PART_IDS } from './part-ids';

/**
 * "Refund" on a payment's row and its dialog: which activities (all of a duplicate), the amount,
 * a required reason. On success the section reloads and says so; a refusal stays in the dialog.
 */
export function RefundAction({
  payment,
  onRefunded,
}: {
  payment: AdminPayment;
  onRefunded: (payment: AdminPayment) => void;
}) {
  const t = useT();
  const intl = useIntl();
  const format = useFormatMsg();
  const { locale } = useLocale();
  const left = refundableItems(payment);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<Msg | null>(null);

  function start() {
    setChosen(new Set(left.map((item) => item.activity_id)));
    setReason('');
    setReasonError(false);
    setFailure(null);
    setOpen(true);
  }

  async function confirm() {
    if (saving) return;
    if (reason.trim() === '') {
      setReasonError(true);
      return;
    }
    if (chosen.size === 0) return;
    setSaving(true);
    setFailure(null);
    const answer = await refundPayment(payment.id, {
      reason: reason.trim(),
      activity_ids: [...chosen],
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
        aria-label={t('admin.payments.refund.buttonFor', { order: payment.order })}
        onClick={start}
      >
        {t('admin.payments.refund.button')}
      </Button>
      <RefundDialog
        open={open}
        title={t('admin.payments.refund.title', { order: payment.order })}
        description={t(
          refundsWhole(payment)
            ? 'admin.payments.refund.whole'
            : 'admin.payments.refund.description',
        )}
        itemsLegend={t('admin.payments.refund.items')}
        items={left.map((item) => ({
          id: String(item.activity_id),
          // a part of a fee in parts says which ("Natación, 1.º plazo de 2")
          label: item.parts
            ? `${item.name}, ${paidPartsName(intl, item.parts, ADMIN_PART_IDS)}`
            : item.name,
          amount: formatEuros(item.amount, locale),
          checked: chosen.has(item.activity_id),
          disabled: refundsWhole(payment),
        }))}
        onItemChange={(id, checked) =>
          setChosen((current) => {
            const next = new Set(current);
            if (checked) next.add(Number(id));
            else next.delete(Number(id));
            return next;
          })
        }
        totalLabel={t('admin.payments.refund.total')}
        total={formatEuros(refundTotal(payment, chosen), locale)}
        reasonLabel={t('admin.payments.refund.reason')}
        reasonHint={t('admin.payments.refund.reasonHint')}
        reason={reason}
        onReasonChange={(value) => {
          setReason(value);
          if (value.trim() !== '') setReasonError(false);
        }}
        reasonError={reasonError ? t('admin.payments.refund.reasonRequired') : null}
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
